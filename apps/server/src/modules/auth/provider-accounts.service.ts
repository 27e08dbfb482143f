import { randomUUID } from 'node:crypto';
import { timestamp } from '../../dates';
import type { Db } from '../../db/schema';
import { AppError } from '../../errors';
import { PROVIDER_LABEL, type ProviderName } from '../../providers/endpoints';
import type { Profile, TokenSet } from '../../providers/identity';
import type { EncryptionKeys } from '../../storage/envelope';
import * as repo from './auth.repository';
import { sealTokenSet } from './provider-tokens.service';

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
  const sealed = sealTokenSet(tokens, encryptionKey, provider, profile.subject, now);
  const values = {
    ...sealed,
    // Google sends a refresh token only with consent; keep the one we have when none comes.
    refresh_token_enc: sealed.refresh_token_enc ?? existingAccount?.refresh_token_enc ?? null,
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
