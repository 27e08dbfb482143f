import { makeStore } from './store';

/** The app's one store, made when the first route that needs it loads (the landing page does not). */
export const { store, persistor } = makeStore();
