import { apiErrorMessage } from '@/app/api';
import { confirmAction, showResult } from '@/components/alerts';
import { useRestoreRejectedUploadMutation } from './receipts-api';

/**
 * What an upload of a file the user rejected before answers: the offer to restore it, and once restored,
 * the word that it can be uploaded again.
 */
export function useOfferRestore() {
  const [restore] = useRestoreRejectedUploadMutation();
  return async function offerRestore(restoreId: string): Promise<void> {
    const wants = await confirmAction(
      'Rejected before',
      'You rejected this file on the Review page, so it is not read again. Restore it to upload it anew?',
      'Restore',
    );
    if (!wants) return;
    try {
      await restore(restoreId).unwrap();
      void showResult('success', 'Restored', 'Upload the file again to read it.');
    } catch (error) {
      void showResult('error', 'Error!', apiErrorMessage(error, 'The file could not be restored.'));
    }
  };
}
