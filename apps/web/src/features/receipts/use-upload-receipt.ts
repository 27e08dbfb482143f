import type { Purchase } from '@warrantly/contract/purchases';
import { useState } from 'react';
import { api, PURCHASE_DATA_TAGS } from '@/app/api';
import { HttpError, uploadForm } from '@/app/client';
import { useAppDispatch } from '@/app/hooks';
import { rejectedRestoreId } from './rejected-upload';

/** `reason`: the server's words for a failure, when it gave them. */
export type UploadOutcome =
  | { kind: 'found'; purchases: Purchase[] }
  | { kind: 'empty' }
  /** The user rejected this file before: `restoreId` lifts that. */
  | { kind: 'rejected'; restoreId: string }
  | { kind: 'failed'; reason: string | null };

/** Uploads a receipt PDF to the extractor with progress; an empty answer means no data was found. */
export function useUploadReceipt() {
  const dispatch = useAppDispatch();
  const [progress, setProgress] = useState<number | null>(null);

  async function upload(file: File): Promise<UploadOutcome> {
    const body = new FormData();
    body.append('file', file);
    setProgress(0);
    try {
      const purchases = await dispatch(
        uploadForm<Purchase[]>('/api/v1/ai-order-extract/', body, setProgress),
      );
      dispatch(api.util.invalidateTags([...PURCHASE_DATA_TAGS]));
      return purchases.length > 0 ? { kind: 'found', purchases } : { kind: 'empty' };
    } catch (error) {
      const restoreId = rejectedRestoreId(error);
      if (restoreId) return { kind: 'rejected', restoreId };
      console.error('Receipt upload failed', error);
      return { kind: 'failed', reason: error instanceof HttpError ? error.serverMessage : null };
    } finally {
      setProgress(null);
    }
  }

  return { upload, progress, isUploading: progress !== null };
}
