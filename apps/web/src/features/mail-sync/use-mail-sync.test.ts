import { describe, expect, it } from 'vitest';
import { syncProblemOf } from './use-mail-sync';

describe('syncProblemOf', () => {
  it("asks to sign in again when the server says the grant is gone, in the server's words", () => {
    const message = 'Your Google account needs to be connected again: sign in once more';
    expect(syncProblemOf({ status: 409, data: { code: 'reauth_required', message } })).toEqual({
      message,
      needsSignIn: true,
    });
  });

  it('says any other failure without offering a sign-in', () => {
    const busy = { status: 409, data: { code: 'conflict', message: 'A mailbox sync is already running' } };
    expect(syncProblemOf(busy)).toEqual({ message: 'A mailbox sync is already running', needsSignIn: false });
    expect(syncProblemOf({ status: 'FETCH_ERROR', error: 'offline' })).toEqual({
      message: 'Purchases could not be refreshed. Please try again.',
      needsSignIn: false,
    });
  });
});
