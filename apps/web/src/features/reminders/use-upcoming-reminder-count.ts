import { selectProvider } from '@/app/auth-slice';
import { useAppSelector } from '@/app/hooks';
import { UPCOMING_CARD_DAYS, upcomingWindow, useGetEventsQuery } from './reminders-api';
import { daysUntilEvent, upcomingEvents } from './urgency';

/** The dashboard card's hint: the window it counts in. */
export const UPCOMING_CARD_HINT = `Reminders due in the next ${UPCOMING_CARD_DAYS} days`;

/**
 * How many reminders of the Upcoming Reminders list are due in the next `UPCOMING_CARD_DAYS` days, a
 * recurring one once, counted in the list's own answer (the same request, so no second download): when
 * every reminder of that first page is due within the window and more follow, it says so ("30+").
 * Null until known or when the calendar could not be read.
 */
export function useUpcomingReminderCount() {
  const provider = useAppSelector(selectProvider);
  const now = new Date();
  const { data, isLoading } = useGetEventsQuery(upcomingWindow(provider ?? 'google', now), {
    skip: !provider,
  });
  if (!data) return { count: null, isLoading };
  const listed = upcomingEvents(data.events, now);
  const due = listed.filter((event) => {
    const days = daysUntilEvent(event, now);
    return days !== null && days <= UPCOMING_CARD_DAYS;
  }).length;
  return { count: due === listed.length && data.has_more ? `${due}+` : due, isLoading };
}
