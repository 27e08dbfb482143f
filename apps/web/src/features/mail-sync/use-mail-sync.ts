import type { SyncSummary } from '@warrantly/contract/mail-sync';
import { useState } from 'react';
import { apiErrorMessage } from '@/app/api';
import { selectProvider } from '@/app/auth-slice';
import { useAppSelector } from '@/app/hooks';
import { showToast } from '@/components/show-toast';
import { useSyncMailboxMutation } from './mail-sync-api';

/** Why the last Refresh Purchases failed, in the server's words; `needsSignIn` when signing in again fixes it. */
export interface SyncProblem {
  message: string;
  needsSignIn: boolean;
}

/** What a finished sync tells the user, e.g. 'Mailbox synced: 3 new purchases, 1 updated (40 messages read).' */
export function syncSummaryText(summary: SyncSummary): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts = [plural(summary.created, 'new purchase')];
  if (summary.updated > 0) parts.push(`${summary.updated} updated`);
  return `Mailbox synced: ${parts.join(', ')} (${plural(summary.scanned, 'message')} read).`;
}

/** A failed sync as the page says it: a disconnected mailbox (the server's code) asks to sign in again. */
export function syncProblemOf(error: unknown): SyncProblem {
  const data = typeof error === 'object' && error !== null && 'data' in error ? error.data : null;
  const code = typeof data === 'object' && data !== null && 'code' in data ? data.code : null;
  return {
    message: apiErrorMessage(error, 'Purchases could not be refreshed. Please try again.'),
    needsSignIn: code === 'reauth_required',
  };
}

/**
 * Refresh Purchases: syncs the signed-in provider's mailbox. A failure is logged, as the spec says, and
 * kept as `problem` for the page to show; with no known provider nothing is called and a warning is
 * logged.
 */
export function useMailSync() {
  const provider = useAppSelector(selectProvider);
  // One sync state for every button and notice: a sync started anywhere (a page, the shell's first sync)
  // shows everywhere.
  const [syncMailbox, { isLoading: isSyncing }] = useSyncMailboxMutation({ fixedCacheKey: 'mailbox-sync' });
  const [problem, setProblem] = useState<SyncProblem | null>(null);
  async function sync() {
    if (!provider) {
      console.warn('No valid provider to sync purchases from');
      return;
    }
    setProblem(null);
    try {
      const summary = await syncMailbox(provider).unwrap();
      showToast('success', syncSummaryText(summary));
    } catch (error) {
      console.error('Mailbox sync failed', error);
      setProblem(syncProblemOf(error));
    }
  }
  return { sync, isSyncing, problem, provider };
}
