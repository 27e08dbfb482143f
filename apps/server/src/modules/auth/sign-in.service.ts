import { createHash } from 'node:crypto';
import type { SignInResult } from '@warrantly/contract/auth';
import type { Kysely } from 'kysely';
import { timestamp } from '../../dates';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { ProviderEndpoints } from '../../providers/endpoints';
import { PROVIDER_LABEL, type ProviderName } from '../../providers/endpoints';
import {
  GOOGLE_AUTHORIZE_EXTRAS,
  GOOGLE_SCOPES,
  googleProfile,
} from '../../providers/google/google-identity';
import { createIdTokenVerifier, type IdentityEndpoints, tokenRequest } from '../../providers/identity';
import {
  MICROSOFT_AUTHORIZE_EXTRAS,
  MICROSOFT_SCOPES,
  microsoftProfile,
} from '../../providers/microsoft/microsoft-identity';
import type { EncryptionKeys } from '../../storage/envelope';
import { issueTokens } from './app-tokens';
import * as repo from './auth.repository';
import { upsertSignIn } from './provider-accounts.service';
import { codeChallenge, type SignInState } from './sign-in-state';

const PROVIDERS = {
  google: { scopes: GOOGLE_SCOPES, extras: GOOGLE_AUTHORIZE_EXTRAS },
  microsoft: { scopes: MICROSOFT_SCOPES, extras: MICROSOFT_AUTHORIZE_EXTRAS },
} as const;

export interface SignInDeps {
  db: Kysely<Database>;
  endpoints: ProviderEndpoints;
  /** `MICROSOFT_TENANT`: a single tenant lets its users' own UPNs count as verified addresses. */
  microsoftTenant: string;
  encryptionKey: EncryptionKeys;
  signingKey: Buffer;
  /** Told after each sign-in's commit, with the user's id. */
  onSignedIn?: (userId: string) => void;
}

/** The sign-in flows of both providers, built once so their JWKS caches live as long as the server. */
export function createSignIn(deps: SignInDeps) {
  const verifiers = {
    google: deps.endpoints.google ? createIdTokenVerifier('Google', deps.endpoints.google) : null,
    microsoft: deps.endpoints.microsoft ? createIdTokenVerifier('Microsoft', deps.endpoints.microsoft) : null,
  };

  function endpointsOf(provider: ProviderName): IdentityEndpoints {
    const ends = deps.endpoints[provider];
    if (!ends)
      throw new AppError(
        'provider_failed',
        `${PROVIDER_LABEL[provider]} sign-in is not configured on this server`,
      );
    return ends;
  }

  return {
    /** The provider's authorize URL for this attempt: code flow, PKCE S256, state and nonce. */
    authorizeUrl(state: SignInState): string {
      const ends = endpointsOf(state.provider);
      const { scopes, extras } = PROVIDERS[state.provider];
      const url = new URL(ends.authorizeUrl);
      const params = {
        client_id: ends.clientId,
        redirect_uri: state.redirectUri,
        response_type: 'code',
        scope: scopes.join(' '),
        state: state.state,
        nonce: state.nonce,
        code_challenge: codeChallenge(state.verifier),
        code_challenge_method: 'S256',
        ...extras,
      };
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      return url.toString();
    },

    /** Exchanges the code, verifies the ID token, upserts the user and mints the app's tokens. */
    async complete(state: SignInState, code: string, now: Date): Promise<SignInResult> {
      const provider = state.provider;
      const label = PROVIDER_LABEL[provider];
      // A state is good for one callback, even if someone kept a copy of the cookie.
      const stateHash = createHash('sha256').update(state.state).digest('hex');
      if (!(await repo.spendState(deps.db, stateHash, timestamp(new Date(state.expiresAt))))) {
        throw new AppError(
          'invalid_input',
          'This sign-in link was already used: start again from the login page',
        );
      }
      const tokens = await tokenRequest(label, endpointsOf(provider), {
        grant_type: 'authorization_code',
        code,
        redirect_uri: state.redirectUri,
        code_verifier: state.verifier,
      });
      const verify = verifiers[provider];
      if (!tokens.id_token || !verify) {
        throw new AppError('provider_failed', `${label} did not send an ID token`);
      }
      const claims = await verify(tokens.id_token, state.nonce);
      const profile =
        provider === 'google' ? googleProfile(claims) : microsoftProfile(claims, deps.microsoftTenant);

      const { userId, pair } = await deps.db.transaction().execute(async (trx) => {
        const { userId } = await upsertSignIn(trx, deps.encryptionKey, provider, profile, tokens, now);
        return { userId, pair: await issueTokens(trx, deps.signingKey, userId, now) };
      });
      deps.onSignedIn?.(userId);
      return {
        ...pair,
        email: profile.email,
        name: profile.name,
        picture: profile.picture,
        messages: provider,
      };
    },
  };
}

export type SignIn = ReturnType<typeof createSignIn>;
