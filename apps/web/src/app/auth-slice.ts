import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Provider } from '@warrantly/contract/auth';

export interface AuthUser {
  name: string;
  email: string;
  profile_picture: string;
}

/**
 * The seed's auth state. The provider token fields stay null: provider tokens never leave the server
 * (ARCHITECTURE "Sign-in"); they are kept so the persisted shape is the one the spec names.
 */
export interface AuthState {
  user: AuthUser | null;
  accessToken: string | null;
  refreshToken: string | null;
  googleAccessToken: string | null;
  googleRefreshToken: string | null;
  googleTokenExpiry: string | null;
  microsoftAccessToken: string | null;
  microsoftRefreshToken: string | null;
  microsoftTokenExpiry: string | null;
  authProvider: Provider | null;
  /** The provider name as the server's `messages` query value gave it. */
  messages: string | null;
}

export const initialAuthState: AuthState = {
  user: null,
  accessToken: null,
  refreshToken: null,
  googleAccessToken: null,
  googleRefreshToken: null,
  googleTokenExpiry: null,
  microsoftAccessToken: null,
  microsoftRefreshToken: null,
  microsoftTokenExpiry: null,
  authProvider: null,
  messages: null,
};

/** Why a session ended, when the user should be told: their account is gone. */
export type SignOutReason = 'account-deleted';

export interface SignOut {
  isFromOtherTab: boolean;
  reason?: SignOutReason;
}

export interface SignedIn {
  accessToken: string;
  refreshToken: string;
  user: AuthUser;
  provider: Provider;
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    signedIn(state, { payload }: PayloadAction<SignedIn>) {
      state.accessToken = payload.accessToken;
      state.refreshToken = payload.refreshToken;
      state.user = payload.user;
      state.authProvider = payload.provider;
      state.messages = payload.provider;
    },
    tokensRefreshed(state, { payload }: PayloadAction<{ accessToken: string; refreshToken: string }>) {
      state.accessToken = payload.accessToken;
      state.refreshToken = payload.refreshToken;
    },
    /** `isFromOtherTab`: another tab ended the session and told this one, which need not tell the others. */
    loggedOut(_state, _action: PayloadAction<SignOut | undefined>) {
      return initialAuthState;
    },
  },
});

export const { signedIn, tokensRefreshed, loggedOut } = authSlice.actions;
export const authReducer = authSlice.reducer;

/**
 * Why the last session of this tab ended, kept beside `auth` and never persisted (the persisted shape is
 * the seed's): the signed-in area reads it to send the user to the right page.
 */
const signOutSlice = createSlice({
  name: 'signOut',
  initialState: { reason: null as SignOutReason | null },
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, (state, { payload }) => {
        state.reason = payload?.reason ?? null;
      })
      .addCase(signedIn, (state) => {
        state.reason = null;
      });
  },
});
export const signOutReducer = signOutSlice.reducer;
export const selectSignOutReason = (state: { signOut: { reason: SignOutReason | null } }) =>
  state.signOut.reason;

export const selectAuth = (state: { auth: AuthState }) => state.auth;
export const selectIsSignedIn = (state: { auth: AuthState }) =>
  Boolean(state.auth.accessToken && state.auth.refreshToken);

/**
 * Which provider's sync, calendar and parts endpoints to use: `messages`, else `authProvider`,
 * compared case-insensitively as the spec says; null when neither names a known provider.
 */
export function selectProvider(state: { auth: AuthState }): Provider | null {
  const value = (state.auth.messages ?? state.auth.authProvider ?? '').toLowerCase();
  return value === 'google' || value === 'microsoft' ? value : null;
}
