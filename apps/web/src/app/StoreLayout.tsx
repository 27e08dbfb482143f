import { Provider } from 'react-redux';
import { Outlet } from 'react-router';
import { PersistGate } from 'redux-persist/integration/react';
import { Spinner } from '@/components/Spinner';
import { persistor, store } from './app-store';

/** Routes that read the signed-in session get the store, once it is rehydrated from storage. */
export function StoreLayout() {
  return (
    <Provider store={store}>
      <PersistGate loading={<Spinner label="Loading" fullScreen />} persistor={persistor}>
        <Outlet />
      </PersistGate>
    </Provider>
  );
}
