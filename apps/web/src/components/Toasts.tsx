import { lazy, Suspense, useSyncExternalStore } from 'react';
import { areToastsRequested, subscribeToToasts } from './show-toast';

const ToastContainer = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })));

/** Where toasts show (top-right, 5 s, unless a toast says otherwise); mounted with the first toast. */
export function Toasts() {
  const isRequested = useSyncExternalStore(subscribeToToasts, areToastsRequested);
  if (!isRequested) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer autoClose={5000} />
    </Suspense>
  );
}
