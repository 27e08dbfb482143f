import { useDeferredValue } from 'react';
import { selectProvider } from '@/app/auth-slice';
import { useAppSelector } from '@/app/hooks';
import { Spinner } from '@/components/Spinner';
import { useGetEventsQuery } from '../reminders-api';
import { UpcomingReminders } from './UpcomingReminders';

/** Upcoming Reminders from the signed-in provider's calendar (the other provider is never asked). */
export function UpcomingRemindersPanel() {
  const provider = useAppSelector(selectProvider);
  const { data, isLoading, isError } = useGetEventsQuery(provider ?? 'google', { skip: !provider });
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
  return <UpcomingReminders events={data?.events ?? []} now={new Date()} />;
}
