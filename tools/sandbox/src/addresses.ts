/** The client the sandbox registers by default: a server pointed at a sandbox it did not start uses it. */
export const SANDBOX_CLIENT = {
  clientId: 'warrantly-sandbox-client',
  clientSecret: 'warrantly-sandbox-secret',
};

/**
 * Where each stand-in lives under a sandbox's base URL, in the shape of the real providers' addresses. One
 * definition for the sandbox itself and for a server using a sandbox that runs in another process.
 */
export function sandboxAddresses(url: string, client: { clientId: string; clientSecret: string }) {
  const ms = (tenant: string) => `${url}/microsoft/${tenant}`;
  return {
    url,
    google: {
      issuer: `${url}/google`,
      discoveryUrl: `${url}/google/.well-known/openid-configuration`,
      authorizeUrl: `${url}/google/o/oauth2/v2/auth`,
      tokenUrl: `${url}/google/token`,
      jwksUri: `${url}/google/oauth2/v3/certs`,
      userinfoUrl: `${url}/google/oauth2/v3/userinfo`,
      revokeUrl: `${url}/google/revoke`,
      apiBase: `${url}/google`,
      ...client,
    },
    microsoft: {
      // As Microsoft's multi-tenant discovery document says: each token names its user's own tenant.
      issuer: `${url}/microsoft/{tenantid}/v2.0`,
      discoveryUrl: `${ms('common')}/v2.0/.well-known/openid-configuration`,
      authorizeUrl: `${ms('common')}/oauth2/v2.0/authorize`,
      tokenUrl: `${ms('common')}/oauth2/v2.0/token`,
      jwksUri: `${ms('common')}/discovery/v2.0/keys`,
      graphBase: `${url}/graph`,
      ...client,
    },
  };
}

export type SandboxAddresses = ReturnType<typeof sandboxAddresses>;
