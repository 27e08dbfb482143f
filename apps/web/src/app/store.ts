import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  persistReducer,
  persistStore,
  REGISTER,
  REHYDRATE,
} from 'redux-persist';
import { api } from './api';
import { authReducer, loggedOut, selectIsSignedIn, signedIn, signOutReducer } from './auth-slice';
import type { ThunkExtra } from './client';
import { localStorageEngine } from './persist-storage';
import { storeTokens, storeUser } from './session';
import { createTokenRefresher, isSessionMessage, type SessionMessage } from './token-refresh';

const rootReducer = combineReducers({
  auth: authReducer,
  signOut: signOutReducer,
  [api.reducerPath]: api.reducer,
});

/** What ties the app's store to its other tabs; tests leave both out and get a store on its own. */
export interface TabLinks {
  /** The browser's Web Locks API, so that one tab at a time refreshes the shared session. */
  locks?: Pick<LockManager, 'request'>;
  /** The channel on which tabs hand each other new tokens and logouts. */
  channel?: BroadcastChannel;
}

/** A store with its persistor; the app makes one, tests make as many as they like. */
export function makeStore({ locks, channel }: TabLinks = {}) {
  const listener = createListenerMiddleware();
  const persisted = persistReducer(
    { key: 'root', storage: localStorageEngine, timeout: 5000, whitelist: ['auth'] },
    rootReducer,
  );
  const refresher = createTokenRefresher({
    locks,
    channel,
    onRecovered: (dispatch) => dispatch(api.internalActions.onOnline()),
  });
  const extra: ThunkExtra = { refreshTokens: refresher.refreshTokens };
  const store = configureStore({
    reducer: persisted,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: extra },
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(listener.middleware)
        .concat(api.middleware),
  });
  const persistor = persistStore(store);
  // Logging out pauses persistence; the next sign-in resumes it.
  let isPersistPaused = false;

  // The seed kept the tokens and the user in plain local storage keys as well; keep them in step (the
  // refresher stores the pairs it gets itself, inside its cross-tab lock).
  listener.startListening({
    actionCreator: signedIn,
    effect: (action) => {
      const { accessToken, refreshToken, user, provider } = action.payload;
      storeTokens(accessToken, refreshToken);
      storeUser({ email: user.email, name: user.name, picture: user.profile_picture, messages: provider });
      if (isPersistPaused) {
        isPersistPaused = false;
        persistor.persist();
      }
    },
  });
  channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (!isSessionMessage(event.data)) return;
    if (event.data.type === 'refreshed') {
      const { accessToken, refreshToken } = event.data;
      refresher.adoptFromOtherTab({ accessToken, refreshToken }, store.dispatch, store.getState);
    } else if (selectIsSignedIn(store.getState())) {
      const { reason } = event.data;
      store.dispatch(loggedOut({ isFromOtherTab: true, ...(reason ? { reason } : {}) }));
    }
  });
  listener.startListening({
    actionCreator: loggedOut,
    effect: async (action, listenerApi) => {
      // One session for the whole browser: the other tabs end it too, told why.
      const reason = action.payload?.reason;
      if (!action.payload?.isFromOtherTab)
        channel?.postMessage({ type: 'logged-out', ...(reason ? { reason } : {}) } satisfies SessionMessage);
      listenerApi.dispatch(api.util.resetApiState());
      // Paused first so no late write brings the persisted state back after the purge. The storages are
      // cleared at once, before the page the user lands on reads whether a session is stored.
      persistor.pause();
      isPersistPaused = true;
      localStorage.clear();
      sessionStorage.clear();
      await persistor.purge();
    },
  });
  return { store, persistor };
}

export type AppStore = ReturnType<typeof makeStore>['store'];
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
