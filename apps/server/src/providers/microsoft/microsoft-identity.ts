import type { JWTPayload } from 'jose';

export const MICROSOFT_SCOPES = [
  'openid',
  'profile',
  'email',
  'offline_access',
  'Mail.Read',
  'Calendars.ReadWrite',
  'User.Read',
];

export const MICROSOFT_AUTHORIZE_EXTRAS = { response_mode: 'query', prompt: 'select_account' };

export function microsoftProfile(claims: JWTPayload) {
  const email = [claims.email, claims.preferred_username].find(
    (v): v is string => typeof v === 'string' && v.includes('@'),
  );
  if (!email) return null;
  return {
    // `oid` is the user's id across apps in the tenant; `sub` is per app. Either identifies the account here.
    subject: String(claims.oid ?? claims.sub),
    email: email.toLowerCase(),
    name: typeof claims.name === 'string' ? claims.name : email,
    picture: '',
  };
}
