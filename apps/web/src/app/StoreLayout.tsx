import { useSyncExternalStore } from 'react';
import { Provider } from 'react-redux';
import { Outlet } from 'react-router';
import { Spinner } from '@/components/Spinner';
import { persistor, store } from './app-store';

// Latched, as PersistGate's flag is: signing in again after a logout restarts persistence, and that must
// not unmount the pages for a moment.
let hasRehydrated = false;
const isRehydrated = () => {
  hasRehydrated ||= persistor.getState().bootstrapped;
  return hasRehydrated;
};

/**
 * Routes that read the signed-in session get the store, once redux-persist has rehydrated it from storage.
 * Read during render rather than, as PersistGate does, set from a mount effect: the session is usually
 * rehydrated before this chunk renders, and the page then renders with it at once, in React's sliced
 * render, instead of in a second render squeezed into the same task as the commit.
 */
export function StoreLayout() {
  const rehydrated = useSyncExternalStore(persistor.subscribe, isRehydrated);
  return (
    <Provider store={store}>{rehydrated ? <Outlet /> : <Spinner label="Loading" fullScreen />}</Provider>
  );
}
