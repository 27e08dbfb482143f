import type { CalendarEvent, CalendarEventWindow, CalendarListQuery } from '@warrantly/contract/reminders';

/** The day an event starts on: an all-day event's date, else its start instant's UTC day. */
function startDay(event: CalendarEvent): string {
  return event.start.date ?? event.start.dateTime?.slice(0, 10) ?? event.end.date ?? '';
}

/**
 * Keeps at most `per_day` events starting on one day, and of those the first `limit`; events come sorted by
 * start, as both providers list them. With `recurring: 'next'` a recurring event's first occurrence stands
 * for it, its later ones are left out. Says what `limit` and `per_day` left out: `has_more` when the limit
 * stopped the list, and per day the events `per_day` hid before it did.
 * @example narrowEvents([a, b, c], { limit: 2 }) //=> { events: [a, b], has_more: true, more_by_day: {} }
 */
export function narrowEvents(
  events: readonly CalendarEvent[],
  query: CalendarListQuery,
): CalendarEventWindow {
  const kept: CalendarEvent[] = [];
  const perDay = new Map<string, number>();
  const moreByDay: Record<string, number> = {};
  const seriesSeen = new Set<string>();
  let hasMore = false;
  for (const event of events) {
    if (query.recurring === 'next' && event.recurringEventId) {
      if (seriesSeen.has(event.recurringEventId)) continue;
      seriesSeen.add(event.recurringEventId);
    }
    const day = startDay(event);
    const onDay = perDay.get(day) ?? 0;
    if (query.per_day !== undefined && onDay >= query.per_day) {
      moreByDay[day] = (moreByDay[day] ?? 0) + 1;
      continue;
    }
    if (query.limit !== undefined && kept.length >= query.limit) {
      hasMore = true;
      break;
    }
    perDay.set(day, onDay + 1);
    kept.push(event);
  }
  return { events: kept, has_more: hasMore, more_by_day: moreByDay };
}
