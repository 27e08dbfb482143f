import { useDeferredValue, useState } from 'react';
import { selectProvider } from '@/app/auth-slice';
import { useAppSelector } from '@/app/hooks';
import { Spinner } from '@/components/Spinner';
import { UPCOMING_STEP, upcomingWindow, useGetEventsQuery } from '../reminders-api';
import { CalendarDisconnectedNotice } from './CalendarDisconnectedNotice';
import { UpcomingReminders } from './UpcomingReminders';

/**
 * Upcoming Reminders from the signed-in provider's calendar (the other provider is never asked): the
 * soonest ones, and more on request; Warrantly's own while the calendar is disconnected, saying so.
 */
export function UpcomingRemindersPanel() {
  const provider = useAppSelector(selectProvider);
  const [limit, setLimit] = useState(UPCOMING_STEP);
  const { data, isLoading, isFetching, isError } = useGetEventsQuery(
    upcomingWindow(provider ?? 'google', new Date(), limit),
    { skip: !provider },
  );
  // Rendered in slices once the events arrive, as the overview is (see OverviewPage).
  const isSettled = useDeferredValue(!isLoading);
  if (!isSettled) return <Spinner label="Loading reminders" />;
  if (isError) {
    return (
      <p role="alert" className="rounded-2xl border border-red-200 bg-white p-5 text-red-700">
        Failed to load data. Please try again.
      </p>
    );
  }
  return (
    <UpcomingReminders
      events={data?.events ?? []}
      now={new Date()}
      onShowMore={data?.has_more ? () => setLimit(limit + UPCOMING_STEP) : undefined}
      isLoadingMore={isFetching}
      notice={
        provider && data?.calendar_connected === false ? (
          <CalendarDisconnectedNotice provider={provider} />
        ) : undefined
      }
    />
  );
}
