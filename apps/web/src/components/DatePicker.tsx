import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  isSameDay,
  MONTH_NAMES,
  monthGrid,
  parseIsoDate,
  toIsoDate,
  WEEKDAY_SHORT,
  yearOptions,
} from '@/lib/dates';
import { Icon } from './Icon';

interface Props {
  /** The chosen date (YYYY-MM-DD), or '' for none; the popup opens on its month. */
  value: string;
  onSelect: (isoDate: string) => void;
  onClose: () => void;
  /** Today, so tests can fix the clock. */
  today?: Date;
}

type OpenList = 'year' | 'month' | null;

/**
 * The seed's date-picker popup: a centred dialog over a dimmed backdrop with its own Select Year and
 * Select Month dropdowns (one open at a time) and the month's days as buttons. A pick selects and closes;
 * a press outside or Escape closes.
 */
export function DatePicker({ value, onSelect, onClose, today = new Date() }: Props) {
  const start = parseIsoDate(value) ?? today;
  const [year, setYear] = useState(start.getFullYear());
  const [month, setMonth] = useState(start.getMonth());
  const [openList, setOpenList] = useState<OpenList>(null);
  const titleId = useId();
  const yearListId = useId();
  const monthListId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const selected = parseIsoDate(value);
  const years = yearOptions(today);
  if (!years.includes(year)) years.push(year);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const target =
      panel.current?.querySelector<HTMLElement>('[data-selected="true"]') ??
      panel.current?.querySelector<HTMLElement>('[data-today="true"]') ??
      panel.current?.querySelector<HTMLElement>('[data-day]');
    target?.focus();
    return () => opener?.focus?.();
  }, []);

  function shiftMonth(delta: number) {
    const next = new Date(year, month + delta, 1);
    setYear(next.getFullYear());
    setMonth(next.getMonth());
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    if (openList) setOpenList(null);
    else onClose();
  }

  const listClass =
    'absolute top-full z-10 mt-1 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg';

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a press outside closes, as in the seed; Escape does so from the keyboard
    <div
      className="fixed inset-0 z-[70] flex items-center justify-center bg-slate-900/50 p-3"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        className="w-full max-w-[20rem] rounded-2xl bg-white p-4 shadow-xl"
      >
        <div className="flex items-center justify-between">
          <button
            type="button"
            aria-label="Previous month"
            onClick={() => shiftMonth(-1)}
            className="inline-flex size-9 items-center justify-center rounded-lg hover:bg-slate-100"
          >
            <Icon name="chevronLeft" />
          </button>
          <h2 id={titleId} className="font-semibold text-slate-900" aria-live="polite">
            {MONTH_NAMES[month]} {year}
          </h2>
          <button
            type="button"
            aria-label="Next month"
            onClick={() => shiftMonth(1)}
            className="inline-flex size-9 items-center justify-center rounded-lg hover:bg-slate-100"
          >
            <Icon name="chevronRight" />
          </button>
        </div>
        <div className="mt-3 grid grid-cols-2 gap-2">
          <div className="relative">
            <button
              type="button"
              aria-expanded={openList === 'year'}
              aria-controls={yearListId}
              aria-label={`Select Year, ${year}`}
              onClick={() => setOpenList(openList === 'year' ? null : 'year')}
              className="flex w-full items-center justify-between rounded-lg border border-slate-300 px-3 py-2 text-sm"
            >
              {year}
              <Icon name="chevronDown" className="size-4" />
            </button>
            {openList === 'year' && (
              <ul id={yearListId} aria-label="Years" className={`${listClass} max-h-60`}>
                {years.map((y) => (
                  <li key={y}>
                    <button
                      type="button"
                      aria-current={y === year ? 'true' : undefined}
                      onClick={() => {
                        setYear(y);
                        setOpenList(null);
                      }}
                      className={`w-full px-3 py-1.5 text-left text-sm hover:bg-blue-50 ${y === year ? 'font-bold text-blue-800' : ''}`}
                    >
                      {y}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="relative">
            <button
              type="button"
              aria-expanded={openList === 'month'}
              aria-controls={monthListId}
              aria-label={`Select Month, ${MONTH_NAMES[month]}`}
              onClick={() => setOpenList(openList === 'month' ? null : 'month')}
              className="flex w-full items-center justify-between rounded-lg border border-slate-300 px-3 py-2 text-sm"
            >
              {MONTH_NAMES[month]?.slice(0, 3)}
              <Icon name="chevronDown" className="size-4" />
            </button>
            {openList === 'month' && (
              <ul id={monthListId} aria-label="Months" className={`${listClass} max-h-60`}>
                {MONTH_NAMES.map((name, m) => (
                  <li key={name}>
                    <button
                      type="button"
                      aria-current={m === month ? 'true' : undefined}
                      onClick={() => {
                        setMonth(m);
                        setOpenList(null);
                      }}
                      className={`w-full px-3 py-1.5 text-left text-sm hover:bg-blue-50 ${m === month ? 'font-bold text-blue-800' : ''}`}
                    >
                      {name}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
        <div className="mt-3 grid grid-cols-7 gap-1 text-center text-xs font-semibold text-slate-600">
          {WEEKDAY_SHORT.map((d) => (
            <span key={d} aria-hidden="true">
              {d.slice(0, 2)}
            </span>
          ))}
        </div>
        <div className="mt-1 grid grid-cols-7 gap-1">
          {monthGrid(year, month).map(({ date, isInMonth }) => {
            const key = toIsoDate(date);
            if (!isInMonth) {
              return (
                <span key={key} aria-hidden="true" className="py-1.5 text-center text-sm text-slate-400">
                  {date.getDate()}
                </span>
              );
            }
            const isSelected = selected !== null && isSameDay(date, selected);
            const isToday = isSameDay(date, today);
            return (
              <button
                key={key}
                type="button"
                data-day={key}
                data-selected={isSelected}
                data-today={isToday}
                aria-pressed={isSelected}
                aria-current={isToday ? 'date' : undefined}
                onClick={() => onSelect(key)}
                className={`rounded-lg py-1.5 text-sm ${
                  isSelected
                    ? 'bg-blue-700 font-bold text-white'
                    : isToday
                      ? 'border border-blue-700 font-semibold text-blue-800 hover:bg-blue-50'
                      : 'text-slate-800 hover:bg-blue-50'
                }`}
              >
                {date.getDate()}
              </button>
            );
          })}
        </div>
      </div>
    </div>,
    document.body,
  );
}
