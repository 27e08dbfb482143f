import { selectProvider } from '@/app/auth-slice';
import { useAppSelector } from '@/app/hooks';
import { UPCOMING_CARD_DAYS, upcomingCardWindow, useGetEventsQuery } from './reminders-api';

/** The dashboard card's hint: the window it counts in. */
export const UPCOMING_CARD_HINT = `Reminders due in the next ${UPCOMING_CARD_DAYS} days`;

/**
 * How many reminders of the Upcoming Reminders list are due in the next `UPCOMING_CARD_DAYS` days, a
 * recurring one once, as the list shows them; null until known or when the calendar could not be read.
 */
export function useUpcomingReminderCount() {
  const provider = useAppSelector(selectProvider);
  const { data, isLoading } = useGetEventsQuery(upcomingCardWindow(provider ?? 'google', new Date()), {
    skip: !provider,
  });
  return { count: data ? data.events.length : null, isLoading };
}
