import { RefreshPurchasesButton } from '@/features/mail-sync/RefreshPurchasesButton';
import { SyncingNotice } from '@/features/mail-sync/SyncingNotice';
import { useMailSync } from '@/features/mail-sync/use-mail-sync';
import { PurchasesPage } from '@/features/purchases/PurchasesPage';

/** The Purchases page with the mailbox sync's Refresh Purchases: two features, composed here. */
export function PurchasesRoute() {
  const { sync, isSyncing } = useMailSync();
  return (
    <PurchasesPage
      refreshAction={<RefreshPurchasesButton onClick={() => void sync()} isSyncing={isSyncing} />}
      syncNotice={isSyncing && <SyncingNotice />}
    />
  );
}
