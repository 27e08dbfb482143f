import type { JWTPayload } from 'jose';
import { type Profile, refuseProfile } from '../identity';

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

/** `MICROSOFT_TENANT` values that let users of any tenant (or personal accounts) sign in. */
const MULTI_TENANT = new Set(['common', 'organizations', 'consumers']);
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The account is keyed by `oid`, the user object's immutable id: a GUID Microsoft never reuses, the same
 * in every app, and another one for each tenant a person is a guest in, so it never joins two tenants'
 * users (Microsoft's tid + oid adds nothing to a GUID, and the issuer check already ties `iss` to `tid`).
 * `sub` is pairwise per client id: it would change with the app registration.
 *
 * Microsoft does not verify `email` or `preferred_username` for multi-tenant apps: any tenant admin can
 * set them to anyone's address ("nOAuth"). The address counts as verified only when the optional claim
 * `xms_edov` (email domain owner verified) is true, or, with a single tenant configured, when it is the
 * home user's own UPN (`preferred_username`), whose domain the tenant must have verified.
 */
export function microsoftProfile(claims: JWTPayload, configuredTenant: string): Profile {
  const tenant = configuredTenant.toLowerCase();
  if (typeof claims.oid !== 'string' || !claims.oid) throw refuseProfile('Microsoft', 'no oid');
  const email = [claims.email, claims.preferred_username].find(
    (v): v is string => typeof v === 'string' && v.includes('@'),
  );
  if (!email) throw refuseProfile('Microsoft', 'email');
  // A tenant configured by its id must be the token's; one configured by name is pinned by its endpoints.
  const inConfiguredTenant = GUID.test(tenant) ? claims.tid === tenant : !MULTI_TENANT.has(tenant);
  const ownUpn =
    inConfiguredTenant &&
    typeof claims.preferred_username === 'string' &&
    claims.preferred_username.toLowerCase() === email.toLowerCase() &&
    // A guest's UPN belongs to their home tenant, which `idp` names; a home user's `idp` is absent or `iss`.
    (claims.idp === undefined || claims.idp === claims.iss);
  return {
    subject: claims.oid,
    email: email.toLowerCase(),
    emailVerified: claims.xms_edov === true || ownUpn,
    name: typeof claims.name === 'string' ? claims.name : email,
    picture: '',
  };
}
