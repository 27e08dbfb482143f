import { randomUUID } from 'node:crypto';
import { timestamp } from '../../dates';
import type { Db } from '../../db/schema';
import { AppError } from '../../errors';
import { PROVIDER_LABEL, type ProviderEndpoints, type ProviderName } from '../../providers/endpoints';
import { revokeGoogleToken } from '../../providers/google/google-revoke';
import type { ProviderTokens } from '../../providers/http';
import { GrantRevokedError, type Profile, type TokenSet, tokenRequest } from '../../providers/identity';
import { type EncryptionKeys, openText, sealText } from '../../storage/envelope';
import * as repo from './auth.repository';

export const context = (provider: ProviderName, subject: string, kind: 'access' | 'refresh') =>
  `provider-token:${provider}:${subject}:${kind}`;

/**
 * Finds the user by the provider account (provider, subject), else links the account to the user with
 * the same address when both the provider and that user's own provider vouched for it, else makes a new
 * user. An address alone never opens someone's account. Stores the new tokens sealed at rest.
 */
export async function upsertSignIn(
  db: Db,
  encryptionKey: EncryptionKeys,
  provider: ProviderName,
  profile: Profile,
  tokens: TokenSet,
  now: Date,
): Promise<{ userId: string }> {
  const at = timestamp(now);
  const existingAccount = await repo.findAccount(db, provider, profile.subject);
  const linkTo =
    !existingAccount && profile.emailVerified
      ? await repo.findVerifiedUserByEmail(db, profile.email)
      : undefined;
  const userId = existingAccount?.user_id ?? linkTo?.id ?? randomUUID();
  const userProfile = {
    email: profile.email,
    email_verified: profile.emailVerified ? 1 : 0,
    name: profile.name,
    picture_url: profile.picture || null,
    provider,
  } as const;
  if (existingAccount || linkTo) {
    // The provider's current address: it may have changed since the last sign-in.
    await repo.updateUser(db, userId, { ...userProfile, updated_at: at });
  } else {
    await repo.insertUser(db, {
      id: userId,
      ...userProfile,
      default_currency: 'USD',
      warranty_reminder_days: 30,
      feed_secret: null,
      created_at: at,
      updated_at: at,
    });
  }
  const sealedAccess = sealText(
    tokens.access_token,
    encryptionKey,
    context(provider, profile.subject, 'access'),
  );
  // Google sends a refresh token only with consent; keep the one we have when none comes.
  const sealedRefresh = tokens.refresh_token
    ? sealText(tokens.refresh_token, encryptionKey, context(provider, profile.subject, 'refresh'))
    : (existingAccount?.refresh_token_enc ?? null);
  const values = {
    access_token_enc: sealedAccess,
    refresh_token_enc: sealedRefresh,
    expires_at: tokens.expires_in ? timestamp(new Date(now.getTime() + tokens.expires_in * 1000)) : null,
    scopes: tokens.scope ?? null,
    needs_reauth: 0,
    updated_at: at,
  };
  if (existingAccount) {
    await repo.updateAccount(db, existingAccount.id, { ...values, user_id: userId });
  } else {
    await repo.insertAccount(db, {
      ...values,
      user_id: userId,
      provider,
      subject: profile.subject,
      created_at: at,
      sync_cursor: null,
    });
  }
  return { userId };
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
      context(provider, account.subject, 'refresh'),
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
    await repo.saveRefreshedTokens(db, accountId, {
      access_token_enc: sealText(
        tokens.access_token,
        encryptionKey,
        context(provider, account.subject, 'access'),
      ),
      // Microsoft rotates refresh tokens; Google keeps the old one valid and sends none.
      ...(tokens.refresh_token
        ? {
            refresh_token_enc: sealText(
              tokens.refresh_token,
              encryptionKey,
              context(provider, account.subject, 'refresh'),
            ),
          }
        : {}),
      expires_at: tokens.expires_in ? timestamp(new Date(now.getTime() + tokens.expires_in * 1000)) : null,
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
          context(provider, account.subject, 'access'),
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
            openText(sealed, encryptionKey, context(provider, account.subject, kind)),
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

/** Sync, calendar and main-product endpoints exist per provider; only the user's own provider's answer. */
export async function requireSignedInWith(db: Db, userId: string, provider: ProviderName): Promise<void> {
  const user = await repo.findUser(db, userId);
  if (!user) throw new AppError('unauthorized', 'The account of this access token no longer exists');
  if (user.provider !== provider) {
    const used = PROVIDER_LABEL[user.provider];
    throw new AppError('conflict', `You signed in with ${used}; use the ${used} endpoint instead`);
  }
}

/** True when the user's account at `provider` can be acted for: connected, and its grant not revoked. */
export async function hasWorkingAccount(db: Db, userId: string, provider: ProviderName): Promise<boolean> {
  const account = await repo.findAccountOfUser(db, userId, provider);
  return account !== undefined && !account.needs_reauth;
}

/** Who the signed-in user is, as the app's top bar shows them. */
export async function getProfile(db: Db, userId: string) {
  const user = await repo.findUser(db, userId);
  if (!user) throw new AppError('unauthorized', 'The account of this access token no longer exists');
  return { email: user.email, name: user.name, picture: user.picture_url ?? '', provider: user.provider };
}
