import { describe, expect, it } from 'vitest';
import { apiErrorMessage } from './api';
import { HttpError, serverMessage } from './client';

describe('serverMessage', () => {
  it("reads the server's message from a parsed body or from its text", () => {
    expect(serverMessage({ message: 'Receipt not found', code: 'not_found' })).toBe('Receipt not found');
    expect(serverMessage('{"message":"Too large","code":"too_large"}')).toBe('Too large');
  });

  it('answers null for a body without one', () => {
    expect(serverMessage('<html>Bad gateway</html>')).toBeNull();
    expect(serverMessage('null')).toBeNull();
    expect(serverMessage({ message: 42 })).toBeNull();
    expect(serverMessage(undefined)).toBeNull();
  });
});

describe('apiErrorMessage', () => {
  it("prefers the server's message of an RTK Query error", () => {
    const error = { status: 409, data: { message: 'Already linked', code: 'conflict' } };
    expect(apiErrorMessage(error, 'Failed')).toBe('Already linked');
  });

  it("uses an error's own message, and the fallback when there is nothing to read", () => {
    expect(apiErrorMessage(new HttpError(500, 'HTTP 500'), 'Failed')).toBe('HTTP 500');
    expect(apiErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError' }, 'Failed')).toBe('Failed');
    expect(apiErrorMessage({ status: 500, data: { message: '' } }, 'Failed')).toBe('Failed');
  });
});
