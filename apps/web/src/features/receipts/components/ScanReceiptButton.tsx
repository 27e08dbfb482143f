import { useRef } from 'react';
import { apiErrorMessage } from '@/app/api';
import { ActionButton } from '@/components/ActionButton';
import { showResult } from '@/components/alerts';
import { photoRefusal } from '../receipt-photo';
import { useScanReceiptMutation } from '../receipts-api';
import { rejectedRestoreId } from '../rejected-upload';
import { useOfferRestore } from '../use-offer-restore';

/**
 * Scan a receipt: opens the phone's camera (a file picker for photos where there is none) and sends the
 * photo to be read, answering in the same dialogs as a PDF upload.
 */
export function ScanReceiptButton() {
  const input = useRef<HTMLInputElement>(null);
  const [scanReceipt, { isLoading }] = useScanReceiptMutation();
  const offerRestore = useOfferRestore();

  async function send(photo: File | undefined) {
    // Emptied at once, so the same photo can be chosen again after a failure.
    if (input.current) input.current.value = '';
    if (!photo) return;
    const refusal = photoRefusal(photo);
    if (refusal) {
      void showResult('error', 'Invalid File', refusal);
      return;
    }
    try {
      const purchases = await scanReceipt(photo).unwrap();
      if (purchases.length > 0)
        void showResult('success', 'File Uploaded', `${photo.name} has been uploaded successfully!`);
      else void showResult('info', 'No Data', 'No relevant data was found in the file.');
    } catch (error) {
      const restoreId = rejectedRestoreId(error);
      if (restoreId) return void offerRestore(restoreId);
      console.error('Receipt photo upload failed', error);
      // As for a PDF: the seed's words, and the server's reason below them.
      const reason = apiErrorMessage(error, '') || null;
      void showResult('error', 'Upload Failed', 'There was an error uploading the file.', reason);
    }
  }

  return (
    <>
      <ActionButton
        icon="receipt"
        variant="secondary"
        onClick={() => input.current?.click()}
        disabled={isLoading}
        aria-busy={isLoading}
      >
        {isLoading ? 'Reading photo...' : 'Scan a receipt'}
      </ActionButton>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        aria-label="Photo of a receipt"
        onChange={(e) => void send(e.target.files?.[0])}
      />
    </>
  );
}
