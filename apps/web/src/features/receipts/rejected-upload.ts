import { HttpError } from '@/app/client';

/**
 * The tombstone to lift when the server refused an upload because the user rejected the same file before
 * (409 `rejected_document`), from either kind of failure the uploads give; null for any other failure.
 */
export function rejectedRestoreId(error: unknown): string | null {
  const body =
    error instanceof HttpError
      ? error.body
      : typeof error === 'object' && error !== null && 'data' in error
        ? error.data
        : null;
  if (typeof body !== 'object' || body === null) return null;
  const { code, restore_id: restoreId } = body as { code?: unknown; restore_id?: unknown };
  return code === 'rejected_document' && typeof restoreId === 'string' ? restoreId : null;
}
