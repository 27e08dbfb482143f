import type { Config } from '../config';
import type { IdentityEndpoints } from './identity';

export type ProviderName = 'google' | 'microsoft';
export const PROVIDER_LABEL: Record<ProviderName, string> = { google: 'Google', microsoft: 'Microsoft' };

/** Everything the server needs to reach both providers; only this file knows the real hosts. */
export interface ProviderEndpoints {
  google:
    | (IdentityEndpoints & {
        gmailBase: string;
        calendarBase: string;
        /** Token revocation (RFC 7009 style): revoking a token ends the user's whole grant to this app. */
        revokeUrl: string;
      })
    | null;
  microsoft: (IdentityEndpoints & { graphBase: string }) | null;
  /** Set when the local sandbox stands in for both. */
  sandboxUrl: string | null;
}

/** The real Google and Microsoft endpoints for whichever providers have credentials configured. */
export function realEndpoints(config: Config): ProviderEndpoints {
  const tenant = config.MICROSOFT_TENANT;
  return {
    google:
      config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
        ? {
            clientId: config.GOOGLE_CLIENT_ID,
            clientSecret: config.GOOGLE_CLIENT_SECRET,
            authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
            tokenUrl: 'https://oauth2.googleapis.com/token',
            jwksUri: 'https://www.googleapis.com/oauth2/v3/certs',
            issuer: 'https://accounts.google.com',
            gmailBase: 'https://gmail.googleapis.com',
            calendarBase: 'https://www.googleapis.com',
            revokeUrl: 'https://oauth2.googleapis.com/revoke',
          }
        : null,
    microsoft:
      config.MICROSOFT_CLIENT_ID && config.MICROSOFT_CLIENT_SECRET
        ? {
            clientId: config.MICROSOFT_CLIENT_ID,
            clientSecret: config.MICROSOFT_CLIENT_SECRET,
            authorizeUrl: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/authorize`,
            tokenUrl: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/token`,
            jwksUri: `https://login.microsoftonline.com/${tenant}/discovery/v2.0/keys`,
            // Multi-tenant apps see the signing-in user's own tenant in `iss`.
            issuer: 'https://login.microsoftonline.com/{tenantid}/v2.0',
            graphBase: 'https://graph.microsoft.com',
          }
        : null,
    sandboxUrl: null,
  };
}

/** True when neither provider has credentials: the local sandbox signs people in. */
export function needsSandbox(config: Config): boolean {
  return !config.GOOGLE_CLIENT_ID && !config.MICROSOFT_CLIENT_ID;
}
