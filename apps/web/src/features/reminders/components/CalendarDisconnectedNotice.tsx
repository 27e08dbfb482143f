import type { Provider } from '@warrantly/contract/auth';
import { ReconnectButton } from '@/app/ReconnectButton';

const CALENDAR_NAME: Record<Provider, string> = { google: 'Google Calendar', microsoft: 'Outlook calendar' };

/** Said where reminders show while the calendar is disconnected: they are Warrantly's own, kept for later. */
export function CalendarDisconnectedNotice({ provider }: { provider: Provider }) {
  return (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
    >
      <p className="min-w-0 flex-1 basis-64">
        <span className="font-semibold">Your mailbox and calendar are disconnected.</span> These are the
        reminders Warrantly keeps; calendar changes wait until the account is connected again, then reach your{' '}
        {CALENDAR_NAME[provider]}.
      </p>
      <ReconnectButton provider={provider} />
    </div>
  );
}
