import { Provider } from 'react-redux';
import { Outlet } from 'react-router';
import { store, whenRehydrated } from './app-store';

/** Routes that read the signed-in session get the store. */
export function StoreLayout() {
  return (
    <Provider store={store}>
      <Outlet />
    </Provider>
  );
}

/**
 * The layout, once redux-persist has put the stored session back: its pages never render without the
 * session. (A gate that rendered a spinner until then switched to the pages in a store notification,
 * which React renders in one uninterrupted task: the whole dashboard at once.)
 */
export async function loadStoreLayout(): Promise<typeof StoreLayout> {
  await whenRehydrated();
  return StoreLayout;
}
