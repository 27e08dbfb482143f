import type { SyncSummary } from '@warrantly/contract/mail-sync';
import { selectProvider } from '@/app/auth-slice';
import { useAppSelector } from '@/app/hooks';
import { showToast } from '@/components/show-toast';
import { useSyncMailboxMutation } from './mail-sync-api';

/** What a finished sync tells the user, e.g. 'Mailbox synced: 3 new purchases, 1 updated (40 messages read).' */
export function syncSummaryText(summary: SyncSummary): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts = [plural(summary.created, 'new purchase')];
  if (summary.updated > 0) parts.push(`${summary.updated} updated`);
  return `Mailbox synced: ${parts.join(', ')} (${plural(summary.scanned, 'message')} read).`;
}

/**
 * Refresh Purchases: syncs the signed-in provider's mailbox. A failure is only logged, as the spec says;
 * with no known provider nothing is called and a warning is logged.
 */
export function useMailSync() {
  const provider = useAppSelector(selectProvider);
  // One sync state for every button and notice: a sync started anywhere (a page, the shell's first sync)
  // shows everywhere.
  const [syncMailbox, { isLoading: isSyncing }] = useSyncMailboxMutation({ fixedCacheKey: 'mailbox-sync' });
  async function sync() {
    if (!provider) {
      console.warn('No valid provider to sync purchases from');
      return;
    }
    try {
      const summary = await syncMailbox(provider).unwrap();
      showToast('success', syncSummaryText(summary));
    } catch (error) {
      console.error('Mailbox sync failed', error);
    }
  }
  return { sync, isSyncing };
}
