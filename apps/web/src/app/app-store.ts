import { makeStore } from './store';

/** The app's one store, made when the first route that needs it loads (the landing page does not). */
export const { store, persistor } = makeStore();

// Kept once settled: signing in again after a logout restarts persistence, which must not make anything
// wait again.
let rehydrated: Promise<void> | undefined;

/** Settles once redux-persist has put the stored session back into the store, at start-up. */
export function whenRehydrated(): Promise<void> {
  rehydrated ??= new Promise((resolve) => {
    if (persistor.getState().bootstrapped) return resolve();
    const unsubscribe = persistor.subscribe(() => {
      if (!persistor.getState().bootstrapped) return;
      unsubscribe();
      resolve();
    });
  });
  return rehydrated;
}
