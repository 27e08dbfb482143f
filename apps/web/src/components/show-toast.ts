import type { ToastOptions } from 'react-toastify';

/**
 * Toasts through react-toastify, loaded with the first toast: the library and the stylesheet it injects
 * cost the dashboard's first render a task and a full style recalculation, for toasts that most visits
 * never show. The first toast mounts the container (`Toasts`); react-toastify queues a toast sent before
 * its container mounts and shows it once it does.
 */
let isRequested = false;
const listeners = new Set<() => void>();

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a toast has been asked for: the container is mounted from then on. */
export const areToastsRequested = () => isRequested;

export function showToast(kind: 'success' | 'error', text: string, options?: ToastOptions): void {
  if (!isRequested) {
    isRequested = true;
    for (const listener of listeners) listener();
  }
  import('react-toastify').then(
    ({ toast }) => toast[kind](text, options),
    // The library's chunk did not load (offline, or a new deployment replaced it): say so in the console.
    (error: unknown) => console.error(`The toast "${text}" could not be shown`, error),
  );
}
