import { ActionButton } from '@/components/ActionButton';

/** Refresh Purchases: starts the mailbox sync, and waits while it runs (SPEC section 2). */
export function RefreshPurchasesButton({ onClick, isSyncing }: { onClick: () => void; isSyncing: boolean }) {
  return (
    <ActionButton icon="refresh" variant="secondary" onClick={onClick} disabled={isSyncing}>
      Refresh Purchases
    </ActionButton>
  );
}
