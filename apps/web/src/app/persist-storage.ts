import type { Storage } from 'redux-persist';

/**
 * redux-persist's storage engine over `localStorage`. Its own (`redux-persist/es/storage`) probes the
 * storage when imported, writing and removing a test key: a few milliseconds of the dashboard's start-up
 * on a phone. A storage that throws (full, or blocked by the browser) rejects, which redux-persist
 * reports and survives.
 */
export const localStorageEngine: Storage = {
  getItem: (key: string) => new Promise((resolve) => resolve(localStorage.getItem(key))),
  setItem: (key: string, value: string) =>
    new Promise<void>((resolve) => resolve(localStorage.setItem(key, value))),
  removeItem: (key: string) => new Promise<void>((resolve) => resolve(localStorage.removeItem(key))),
};
