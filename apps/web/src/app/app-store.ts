import { nextTask } from './next-task';
import { type AppStore, makeStore } from './store';
import { SESSION_CHANNEL } from './token-refresh';

let made: Promise<AppStore> | undefined;

/**
 * The app's one store, made when the first route that needs it loads (the landing page does not), and
 * settled once redux-persist has put the stored session back into it. It is made in a task of its own,
 * after the task that runs the store's code: each takes about as long as the other, and as one task they
 * kept a phone from answering a tap for twice as long.
 */
export function appStore(): Promise<AppStore> {
  made ??= nextTask().then(() => {
    const { store, persistor } = makeStore({
      locks: navigator.locks,
      channel: typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL) : undefined,
    });
    return new Promise<AppStore>((resolve) => {
      if (persistor.getState().bootstrapped) return resolve(store);
      const unsubscribe = persistor.subscribe(() => {
        if (!persistor.getState().bootstrapped) return;
        unsubscribe();
        resolve(store);
      });
    });
  });
  // Kept once settled: signing in again after a logout restarts persistence, which must not make anything
  // wait again.
  return made;
}
