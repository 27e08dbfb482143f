import type { CalendarEvent } from '@warrantly/contract/reminders';
import { useId, useState } from 'react';
import { isSameDay, MONTH_NAMES, monthGrid, toIsoDate, WEEKDAY_SHORT, yearOptions } from '@/lib/dates';
import { reminderKindLabel, reminderName } from '../reminder-text';
import { CHIP_CLASSES, chipColor, eventStartDay, eventText } from '../urgency';

interface Props {
  events: readonly CalendarEvent[];
  today: Date;
  /** Per day (YYYY-MM-DD), events the day holds beyond the chips it shows. */
  moreByDay?: Readonly<Record<string, number>>;
  /** Told when another month is chosen (`month` 0-11), to fetch its events. */
  onMonthChange?: (year: number, month: number) => void;
}

const selectClass = 'mt-1 block rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900';

/**
 * The Reminders page's month calendar: Select Year (current year -5 to +5) and Select Month, and each
 * day's events as chips coloured by their start date (red before today, yellow today, green later), each
 * naming its product, the kind of reminder in its accessible name and tooltip.
 */
export function MonthCalendar({ events, today, moreByDay = {}, onMonthChange }: Props) {
  const [year, setYear] = useState(today.getFullYear());
  const [month, setMonth] = useState(today.getMonth());
  const headingId = useId();
  const show = (nextYear: number, nextMonth: number) => {
    setYear(nextYear);
    setMonth(nextMonth);
    onMonthChange?.(nextYear, nextMonth);
  };

  const byDay = new Map<string, { event: CalendarEvent; start: Date }[]>();
  for (const event of events) {
    const start = eventStartDay(event);
    if (!start) continue;
    const key = toIsoDate(start);
    byDay.set(key, [...(byDay.get(key) ?? []), { event, start }]);
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {MONTH_NAMES[month]} {year}
        </h2>
        <div className="flex gap-3">
          <label className="text-sm font-medium text-slate-800">
            Select Year
            <select
              value={year}
              onChange={(e) => show(Number(e.target.value), month)}
              className={selectClass}
            >
              {yearOptions(today).map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-800">
            Select Month
            <select
              value={month}
              onChange={(e) => show(year, Number(e.target.value))}
              className={selectClass}
            >
              {MONTH_NAMES.map((name, m) => (
                <option key={name} value={m}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      <div
        className="mt-4 grid grid-cols-7 gap-1 text-center text-xs font-semibold text-slate-600"
        aria-hidden="true"
      >
        {WEEKDAY_SHORT.map((d) => (
          <span key={d}>{d}</span>
        ))}
      </div>
      <ol className="mt-1 grid grid-cols-7 gap-1" aria-label={`Days of ${MONTH_NAMES[month]} ${year}`}>
        {monthGrid(year, month).map(({ date, isInMonth }) => {
          const key = toIsoDate(date);
          const dayEvents = isInMonth ? (byDay.get(key) ?? []) : [];
          const more = isInMonth ? (moreByDay[key] ?? 0) : 0;
          const isToday = isSameDay(date, today);
          return (
            <li
              key={key}
              data-date={isInMonth ? key : undefined}
              aria-hidden={isInMonth ? undefined : true}
              className={`min-h-16 min-w-0 rounded-lg border p-1 sm:min-h-24 sm:p-1.5 ${
                isInMonth ? 'border-slate-200 bg-white' : 'border-transparent bg-slate-50'
              } ${isToday ? 'ring-2 ring-blue-600' : ''}`}
            >
              <span
                className={`block text-xs font-semibold sm:text-sm ${isInMonth ? 'text-slate-800' : 'text-slate-500'}`}
              >
                {isInMonth && <span className="sr-only">{MONTH_NAMES[month]} </span>}
                {date.getDate()}
                {isToday && <span className="sr-only"> (today)</span>}
              </span>
              {dayEvents.length > 0 && (
                <ul className="mt-1 space-y-1">
                  {dayEvents.map(({ event, start }) => {
                    const color = chipColor(start, today);
                    const kind = reminderKindLabel(event);
                    const name = reminderName(event);
                    return (
                      <li
                        key={event.id}
                        data-chip-color={color}
                        title={kind ? `${kind}: ${name}` : eventText(event)}
                        className={`truncate rounded px-1 py-0.5 text-[10px] leading-tight font-semibold sm:line-clamp-2 sm:text-xs sm:break-words sm:whitespace-normal ${CHIP_CLASSES[color]}`}
                      >
                        {kind && <span className="sr-only">{kind}: </span>}
                        {name}
                      </li>
                    );
                  })}
                </ul>
              )}
              {more > 0 && (
                <p className="mt-1 text-[10px] font-semibold text-slate-700 sm:text-xs">+{more} more</p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
