import { purchasesApi } from '@/features/purchases/purchases-api';
import { remindersApi, upcomingWindow } from '@/features/reminders/reminders-api';
import { appStore } from '../app-store';
import { selectIsSignedIn, selectProvider } from '../auth-slice';
import { nextTask } from '../next-task';
import { RECENT_PURCHASES } from './overview-queries';

/**
 * Asks for the overview's data (recent purchases, the three totals, upcoming reminders) the moment a link to
 * the overview is opened, while the page's code is still loading, rather than from the page's mount
 * effects: the answers are usually in the store when the page first renders, so it renders once, with
 * its data, and its mount starts no requests. The page's own queries then share these requests.
 */
export async function prefetchOverview(): Promise<void> {
  const store = await appStore();
  const state = store.getState();
  if (!selectIsSignedIn(state)) return;
  const provider = selectProvider(state);
  const requests = [
    purchasesApi.util.prefetch('getPurchasePage', RECENT_PURCHASES, {}),
    purchasesApi.util.prefetch('getTotalPrice', undefined, {}),
    purchasesApi.util.prefetch('getActiveWarrantyCount', undefined, {}),
    ...(provider ? [remindersApi.util.prefetch('getEvents', upcomingWindow(provider, new Date()), {})] : []),
  ];
  // One request per task: each start runs the store's middleware, reducers and subscribers.
  for (const request of requests) {
    await nextTask();
    store.dispatch(request);
  }
}
