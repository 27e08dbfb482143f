import { describe, expect, it } from 'vitest';
import { HttpError } from '@/app/client';
import { rejectedRestoreId } from './rejected-upload';

const REJECTED = { message: 'You rejected this file', code: 'rejected_document', restore_id: 'file:abc' };

describe('rejectedRestoreId', () => {
  it('finds the tombstone in a PDF upload failure and in a photo upload failure', () => {
    expect(rejectedRestoreId(new HttpError(409, REJECTED.message, REJECTED.message, REJECTED))).toBe(
      'file:abc',
    );
    expect(rejectedRestoreId({ status: 409, data: REJECTED })).toBe('file:abc');
  });

  it('is null for any other failure', () => {
    expect(rejectedRestoreId(new HttpError(500, 'HTTP 500'))).toBeNull();
    expect(rejectedRestoreId({ status: 409, data: { message: 'Busy', code: 'conflict' } })).toBeNull();
    expect(rejectedRestoreId(new Error('offline'))).toBeNull();
  });
});
