import { RefreshPurchasesButton } from '@/features/mail-sync/RefreshPurchasesButton';
import { SyncStatus } from '@/features/mail-sync/SyncStatus';
import { useMailSync } from '@/features/mail-sync/use-mail-sync';
import { PurchasesPage } from '@/features/purchases/PurchasesPage';

/** The Purchases page with the mailbox sync's Refresh Purchases: two features, composed here. */
export function PurchasesRoute() {
  const { sync, isSyncing, problem, provider } = useMailSync();
  return (
    <PurchasesPage
      refreshAction={<RefreshPurchasesButton onClick={() => void sync()} isSyncing={isSyncing} />}
      syncNotice={<SyncStatus isSyncing={isSyncing} problem={problem} provider={provider} />}
    />
  );
}
