import { useEffect, useRef } from 'react';
import { useGetAccountQuery } from '@/features/account/account-api';
import { useMailSync } from '@/features/mail-sync/use-mail-sync';

/**
 * A new account's mailbox is read once by itself after sign-in, as the login page promises: when the
 * account has a connected mailbox that was never synced, the shell starts the same sync as Refresh
 * Purchases, so every page shows "Syncing Purchases" and then the purchases. Other tabs doing the same
 * at once cost nothing twice: the server runs one sync per user and answers the others its result. Any
 * finished attempt, failed or not, records a last sync, so this never repeats on its own.
 */
export function useFirstSync(): void {
  const { data: account, refetch } = useGetAccountQuery();
  const { sync } = useMailSync();
  const hasStarted = useRef(false);
  const isNeeded = account?.mailbox.connected === true && account.mailbox.last_synced_at === null;

  useEffect(() => {
    if (!isNeeded || hasStarted.current) return;
    hasStarted.current = true;
    void sync().then(() => refetch());
  }, [isNeeded, sync, refetch]);
}
