import { timestamp } from '../../dates';
import type { Db } from '../../db/schema';
import { AppError } from '../../errors';
import { PROVIDER_LABEL, type ProviderEndpoints, type ProviderName } from '../../providers/endpoints';
import { revokeGoogleToken } from '../../providers/google/google-revoke';
import type { ProviderTokens } from '../../providers/http';
import { GrantRevokedError, type TokenSet, tokenRequest } from '../../providers/identity';
import { type EncryptionKeys, openText, sealText } from '../../storage/envelope';
import * as repo from './auth.repository';

/** What a provider token is sealed to: its provider, account and kind, so a sealed token cannot be swapped. */
export const tokenContext = (provider: ProviderName, subject: string, kind: 'access' | 'refresh') =>
  `provider-token:${provider}:${subject}:${kind}`;

/**
 * The account columns a token answer writes, sealed at rest. `refresh_token_enc` is present only when the
 * answer carried a refresh token (Microsoft rotates them; Google sends one only with consent).
 */
export function sealTokenSet(
  tokens: TokenSet,
  encryptionKey: EncryptionKeys,
  provider: ProviderName,
  subject: string,
  now: Date,
): { access_token_enc: string; refresh_token_enc?: string; expires_at: string | null } {
  return {
    access_token_enc: sealText(tokens.access_token, encryptionKey, tokenContext(provider, subject, 'access')),
    ...(tokens.refresh_token
      ? {
          refresh_token_enc: sealText(
            tokens.refresh_token,
            encryptionKey,
            tokenContext(provider, subject, 'refresh'),
          ),
        }
      : {}),
    expires_at: tokens.expires_in ? timestamp(new Date(now.getTime() + tokens.expires_in * 1000)) : null,
  };
}

/** Seconds before expiry at which a provider access token is refreshed rather than used. */
const REFRESH_MARGIN_MS = 120_000;

/**
 * Hands out provider access tokens for the server's own calls, refreshing them shortly before they
 * expire. Concurrent callers for one account share a single refresh.
 */
export function createProviderTokens(
  db: Db,
  encryptionKey: EncryptionKeys,
  endpoints: ProviderEndpoints,
): ProviderTokens {
  const inFlight = new Map<number, Promise<string>>();

  async function refresh(accountId: number, now: Date): Promise<string> {
    const account = await repo.findAccountById(db, accountId);
    const provider = account.provider;
    const ends = endpoints[provider];
    if (!ends)
      throw new AppError('provider_failed', `${PROVIDER_LABEL[provider]} is not configured on this server`);
    if (!account.refresh_token_enc) throw new GrantRevokedError(PROVIDER_LABEL[provider]);
    const refreshToken = openText(
      account.refresh_token_enc,
      encryptionKey,
      tokenContext(provider, account.subject, 'refresh'),
    );
    let tokens: TokenSet;
    try {
      tokens = await tokenRequest(PROVIDER_LABEL[provider], ends, {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      });
    } catch (error) {
      if (error instanceof GrantRevokedError) {
        await repo.updateAccount(db, accountId, { needs_reauth: 1, updated_at: timestamp(now) });
      }
      throw error;
    }
    // Microsoft rotates refresh tokens; Google keeps the old one valid and sends none.
    await repo.saveRefreshedTokens(db, accountId, {
      ...sealTokenSet(tokens, encryptionKey, provider, account.subject, now),
      updated_at: timestamp(now),
    });
    return tokens.access_token;
  }

  return {
    /** A valid access token for the user's account at `provider`; refreshed first when about to expire. */
    async accessToken(userId: string, provider: ProviderName, now = new Date()): Promise<string> {
      const account = await repo.findAccountOfUser(db, userId, provider);
      if (!account) {
        throw new AppError(
          'conflict',
          `You signed in without ${PROVIDER_LABEL[provider]}; connect it by signing in with it`,
        );
      }
      if (account.needs_reauth) throw new GrantRevokedError(PROVIDER_LABEL[provider]);
      const expires = account.expires_at ? Date.parse(account.expires_at) : 0;
      if (account.access_token_enc && expires - REFRESH_MARGIN_MS > now.getTime()) {
        return openText(
          account.access_token_enc,
          encryptionKey,
          tokenContext(provider, account.subject, 'access'),
        );
      }
      const running = inFlight.get(account.id);
      if (running) return running;
      const job = refresh(account.id, now).finally(() => inFlight.delete(account.id));
      inFlight.set(account.id, job);
      return job;
    },
    /** After a 401 from the provider: forget the token's expiry so the next call refreshes it. */
    async invalidate(userId: string, provider: ProviderName): Promise<void> {
      await repo.updateAccountOfUser(db, userId, provider, { expires_at: null });
    },
    /**
     * Stops the app acting for the user at `provider`: revokes the grant where the provider can (Google;
     * Microsoft has no revocation endpoint) and deletes the stored tokens whatever the provider answered.
     * The account row and its subject stay, so signing in again reconnects the same user. Answers the
     * revocation's failure, if any, for the caller to log.
     */
    async disconnect(userId: string, provider: ProviderName, now = new Date()): Promise<unknown> {
      const account = await repo.findAccountOfUser(db, userId, provider);
      if (!account) return null;
      let failure: unknown = null;
      const google = endpoints.google;
      const sealed = account.refresh_token_enc ?? account.access_token_enc;
      if (provider === 'google' && google && sealed) {
        const kind = account.refresh_token_enc ? 'refresh' : 'access';
        try {
          await revokeGoogleToken(
            google.revokeUrl,
            openText(sealed, encryptionKey, tokenContext(provider, account.subject, kind)),
          );
        } catch (error) {
          failure = error;
        }
      }
      await repo.updateAccountOfUser(db, userId, provider, {
        access_token_enc: null,
        refresh_token_enc: null,
        expires_at: null,
        needs_reauth: 1,
        updated_at: timestamp(now),
      });
      return failure;
    },
  };
}
