import type { JWTPayload } from 'jose';
import { type Profile, refuseProfile } from '../identity';

/** Identity, read-only Gmail and calendar events; offline access is asked for with `access_type=offline`. */
export const GOOGLE_SCOPES = [
  'openid',
  'email',
  'profile',
  'https://www.googleapis.com/auth/gmail.readonly',
  'https://www.googleapis.com/auth/calendar.events',
];

/** Google-only authorize parameters: a refresh token on every consent, and incremental grants kept. */
export const GOOGLE_AUTHORIZE_EXTRAS = {
  access_type: 'offline',
  prompt: 'consent',
  include_granted_scopes: 'true',
};

/**
 * Google's `sub` is the account's id, never reused; `email` can change and is the account's own only when
 * `email_verified` is true (an account made with another company's address may not have proved it).
 */
export function googleProfile(claims: JWTPayload): Profile {
  if (typeof claims.sub !== 'string' || !claims.sub) throw refuseProfile('Google', 'no sub');
  if (typeof claims.email !== 'string' || !claims.email.includes('@')) throw refuseProfile('Google', 'email');
  return {
    subject: claims.sub,
    email: claims.email.toLowerCase(),
    emailVerified: claims.email_verified === true,
    name: typeof claims.name === 'string' ? claims.name : claims.email,
    picture: typeof claims.picture === 'string' ? claims.picture : '',
  };
}
