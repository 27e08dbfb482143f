import { combineReducers, configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
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
import { storeTokens, storeUser } from '@/lib/session';
import { api, type ThunkExtra } from './api';
import { authReducer, loggedOut, signedIn, tokensRefreshed } from './auth-slice';
import { localStorageEngine } from './persist-storage';
import { createTokenRefresher } from './token-refresh';

const rootReducer = combineReducers({ auth: authReducer, [api.reducerPath]: api.reducer });

/** A store with its persistor; the app makes one, tests make as many as they like. */
export function makeStore() {
  const listener = createListenerMiddleware();
  const persisted = persistReducer(
    { key: 'root', storage: localStorageEngine, timeout: 5000, whitelist: ['auth'] },
    rootReducer,
  );
  const extra: ThunkExtra = { refreshTokens: createTokenRefresher() };
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

  // The seed kept the tokens and the user in plain local storage keys as well; keep them in step.
  listener.startListening({
    matcher: isAnyOf(signedIn, tokensRefreshed),
    effect: (action) => {
      if (signedIn.match(action)) {
        const { accessToken, refreshToken, user, provider } = action.payload;
        storeTokens(accessToken, refreshToken);
        storeUser({ email: user.email, name: user.name, picture: user.profile_picture, messages: provider });
        if (isPersistPaused) {
          isPersistPaused = false;
          persistor.persist();
        }
      } else if (tokensRefreshed.match(action)) {
        storeTokens(action.payload.accessToken, action.payload.refreshToken);
      }
    },
  });
  listener.startListening({
    actionCreator: loggedOut,
    effect: async (_action, listenerApi) => {
      listenerApi.dispatch(api.util.resetApiState());
      // Paused first so no late write brings the persisted state back after the purge.
      persistor.pause();
      isPersistPaused = true;
      await persistor.purge();
      localStorage.clear();
      sessionStorage.clear();
    },
  });
  return { store, persistor };
}

export type AppStore = ReturnType<typeof makeStore>['store'];
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
