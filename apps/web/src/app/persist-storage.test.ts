import { afterEach, describe, expect, it } from 'vitest';
import { localStorageEngine } from './persist-storage';

afterEach(() => localStorage.clear());

describe('the persisted session storage', () => {
  it('keeps what it is given in local storage, under the same key, and removes it', async () => {
    await localStorageEngine.setItem('persist:root', '{"auth":"{}"}');
    expect(localStorage.getItem('persist:root')).toBe('{"auth":"{}"}');
    await expect(localStorageEngine.getItem('persist:root')).resolves.toBe('{"auth":"{}"}');
    await localStorageEngine.removeItem('persist:root');
    await expect(localStorageEngine.getItem('persist:root')).resolves.toBeNull();
  });

  it('rejects instead of throwing when local storage is full, and keeps what it held', async () => {
    await localStorageEngine.setItem('persist:root', 'before');
    // Over the 5 MB that browsers (and jsdom) give an origin.
    const write = localStorageEngine.setItem('persist:root', 'x'.repeat(6_000_000));
    await expect(write).rejects.toMatchObject({ name: 'QuotaExceededError' });
    expect(localStorage.getItem('persist:root')).toBe('before');
  });
});
