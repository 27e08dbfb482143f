import { Provider } from 'react-redux';
import { Outlet } from 'react-router';
import { appStore } from './app-store';
import type { AppStore } from './store';

let store: AppStore | undefined;

/** The layout of the routes that read the signed-in session: they get the store. */
export function StoreLayout() {
  if (!store) throw new Error('StoreLayout rendered before loadStoreLayout settled');
  return (
    <Provider store={store}>
      <Outlet />
    </Provider>
  );
}

/**
 * The layout, once the store is made and redux-persist has put the stored session back: its pages never
 * render without the session. (A gate that rendered a spinner until then switched to the pages in a store
 * notification, which React renders in one uninterrupted task: the whole dashboard at once.)
 */
export async function loadStoreLayout(): Promise<typeof StoreLayout> {
  store = await appStore();
  return StoreLayout;
}
