import { useState } from 'react';
import { selectProvider } from '@/app/auth-slice';
import { useAppSelector } from '@/app/hooks';
import { useDisplayName } from '@/app/use-display-name';
import { ActionButton } from '@/components/ActionButton';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { possessive } from '@/lib/format';
import { CalendarDisconnectedNotice } from './components/CalendarDisconnectedNotice';
import { CalendarFeed } from './components/CalendarFeed';
import { MonthCalendar } from './components/MonthCalendar';
import { ReminderSettings } from './components/ReminderSettings';
import { SetReminderModal } from './components/SetReminderModal';
import { UpcomingReminders } from './components/UpcomingReminders';
import { monthWindow, UPCOMING_STEP, upcomingWindow, useGetEventsQuery } from './reminders-api';

export function RemindersPage() {
  const name = useDisplayName();
  const provider = useAppSelector(selectProvider);
  const now = new Date();
  const [shownMonth, setShownMonth] = useState({ year: now.getFullYear(), month: now.getMonth() });
  const [upcomingLimit, setUpcomingLimit] = useState(UPCOMING_STEP);
  // The month shown and the soonest reminders: two narrow lists, not the calendar's eleven years.
  const monthEvents = useGetEventsQuery(
    monthWindow(provider ?? 'google', shownMonth.year, shownMonth.month),
    {
      skip: !provider,
    },
  );
  const upcoming = useGetEventsQuery(upcomingWindow(provider ?? 'google', now, upcomingLimit), {
    skip: !provider,
  });
  const [isSetting, setIsSetting] = useState(false);
  const isLoading = monthEvents.isLoading || upcoming.isLoading;
  const isError = monthEvents.isError || upcoming.isError;
  const isDisconnected = [monthEvents.data, upcoming.data].some((d) => d?.calendar_connected === false);

  return (
    <section>
      <PageHeader
        title={`${possessive(name)} Reminders`}
        subtitle="Track your warranties easily."
        actions={
          <ActionButton icon="bell" onClick={() => setIsSetting(true)}>
            Set Reminder
          </ActionButton>
        }
      />
      {isLoading ? (
        <Spinner label="Loading reminders" />
      ) : isError ? (
        <p role="alert" className="rounded-2xl border border-red-200 bg-white p-5 font-medium text-red-700">
          Failed to load data. Please try again.
        </p>
      ) : (
        <>
          {isDisconnected && provider && <CalendarDisconnectedNotice provider={provider} />}
          <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <MonthCalendar
              events={monthEvents.data?.events ?? []}
              moreByDay={monthEvents.data?.more_by_day}
              today={now}
              onMonthChange={(year, month) => setShownMonth({ year, month })}
            />
            <UpcomingReminders
              events={upcoming.data?.events ?? []}
              now={now}
              onShowMore={
                upcoming.data?.has_more ? () => setUpcomingLimit(upcomingLimit + UPCOMING_STEP) : undefined
              }
              isLoadingMore={upcoming.isFetching}
            />
          </div>
        </>
      )}
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <CalendarFeed />
        <ReminderSettings />
      </div>
      {isSetting && <SetReminderModal onClose={() => setIsSetting(false)} />}
    </section>
  );
}
