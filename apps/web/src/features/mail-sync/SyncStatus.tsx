import type { Provider } from '@warrantly/contract/auth';
import { ReconnectButton } from '@/app/ReconnectButton';
import { SyncingNotice } from './SyncingNotice';
import type { SyncProblem } from './use-mail-sync';

/**
 * What Refresh Purchases is doing, in the page: 'Syncing Purchases' while it runs, and why it failed
 * after, with the way to reconnect when the mailbox is disconnected.
 */
export function SyncStatus({
  isSyncing,
  problem,
  provider,
}: {
  isSyncing: boolean;
  problem: SyncProblem | null;
  provider: Provider | null;
}) {
  if (isSyncing) return <SyncingNotice />;
  if (!problem) return null;
  return (
    <div
      role="alert"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
    >
      <div className="min-w-0 flex-1 basis-64">
        <p>
          <span className="font-semibold">Purchases were not refreshed.</span> {problem.message}
        </p>
        {problem.needsSignIn && (
          <p className="mt-1">Mail sync and calendar changes wait until the account is connected again.</p>
        )}
      </div>
      {problem.needsSignIn && provider && <ReconnectButton provider={provider} />}
    </div>
  );
}
