import type { CalendarEvent } from '@warrantly/contract/reminders';
import { type ReactNode, useId } from 'react';
import { toIsoDate } from '@/lib/dates';
import { repeatText } from '../reminder-text';
import {
  daysUntilEvent,
  eventLastDay,
  eventText,
  URGENCY_CLASSES,
  upcomingEvents,
  urgencyLabel,
  urgencyOf,
} from '../urgency';

interface Props {
  events: readonly CalendarEvent[];
  now: Date;
  /** The heading level's text; the list is labelled by it. */
  title?: string;
  /** Asks for later reminders too; absent when there are none. */
  onShowMore?: () => void;
  isLoadingMore?: boolean;
  /** Said above the list (the calendar is disconnected). */
  notice?: ReactNode;
}

/**
 * The "Upcoming Reminders" list: future events, soonest first, each with its urgency colour and label; a
 * recurring reminder comes once (the server's `recurring=next`), saying how often it repeats.
 */
export function UpcomingReminders({
  events,
  now,
  title = 'Upcoming Reminders',
  onShowMore,
  isLoadingMore = false,
  notice,
}: Props) {
  const headingId = useId();
  const upcoming = upcomingEvents(events, now);
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {notice && <div className="mt-4">{notice}</div>}
      {upcoming.length === 0 ? (
        <p className="mt-4 text-slate-700">No upcoming reminders.</p>
      ) : (
        <ul
          className="mt-4 h-[440px] space-y-3 overflow-y-auto pr-1"
          aria-labelledby={headingId}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the 440px list scrolls; keyboard users must reach it
          tabIndex={0}
        >
          {upcoming.map((event) => {
            const days = daysUntilEvent(event, now) ?? 0;
            const last = eventLastDay(event);
            const urgency = urgencyOf(days);
            const repeat = repeatText(event.reminder?.repeat_every_days);
            return (
              <li
                key={`${event.id}-${event.start.date ?? event.start.dateTime ?? ''}`}
                data-urgency={urgency}
                className={`rounded-xl border px-4 py-3 ${URGENCY_CLASSES[urgency]}`}
              >
                <div className="flex items-start justify-between gap-3">
                  <span className="font-semibold break-words">{eventText(event)}</span>
                  <span className="shrink-0 rounded-full bg-white/70 px-2 py-0.5 text-xs font-bold">
                    {urgencyLabel(days)}
                  </span>
                </div>
                {last && (
                  <p className="mt-1 text-sm">
                    {toIsoDate(last)}
                    {repeat && ` · ${repeat}`}
                  </p>
                )}
              </li>
            );
          })}
          {onShowMore && (
            <li>
              <button
                type="button"
                onClick={onShowMore}
                disabled={isLoadingMore}
                className="min-h-11 w-full rounded-xl border border-slate-300 bg-white px-4 font-semibold text-blue-700 hover:bg-slate-50 disabled:opacity-60"
              >
                Show more reminders
              </button>
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
