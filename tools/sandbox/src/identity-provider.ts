import type { FastifyReply } from 'fastify';
import type { SandboxContext } from './context';
import type { PickerCopy } from './sign-in-picker';
import type { DemoAccount, OtherAccount, Provider } from './state';

/**
 * How one provider's OpenID Connect sign-in differs from the other's: the sandbox runs the same
 * authorization-code flow with PKCE for both, and these are the words, shapes and habits that tell them apart.
 */
export interface IdentityProvider {
  provider: Provider;
  picker: PickerCopy;
  /** The OAuth client the app registered with this provider. */
  client(ctx: SandboxContext): { clientId: string; clientSecret: string };
  /** The `iss` of its ID tokens; Microsoft names the signed-in user's own tenant in it. */
  issuer(ctx: SandboxContext, tenantId: string): string;
  /** How its codes and tokens begin, as the real ones do. */
  prefixes: { code: string; access: string; refresh: string };
  /** What it adds to the redirect when the user cancels, besides `error=access_denied`. */
  declinedDescription: string | null;
  /** Google repeats the granted scope on the redirect back to the app. */
  repeatsScope: boolean;
  /** Its claims about an account, between `aud` and `iat`. */
  claims(
    ctx: SandboxContext,
    account: DemoAccount | OtherAccount,
    tenantId: string,
    emailVerified: boolean,
  ): Record<string, unknown>;
  /** An OAuth error answer in its format. */
  errorBody(error: string, description: string): Record<string, unknown>;
  /** Microsoft's token answer carries `ext_expires_in` too. */
  hasExtendedExpiry: boolean;
  /** Microsoft rotates refresh tokens on every use. */
  rotatesRefreshTokens: boolean;
  /** Answers a call to its APIs without a live access token: 401 in the API's own format. */
  unauthorized(reply: FastifyReply): void;
  /** Where it serves its endpoints; `:tenant` in a path is the tenant the request names (Microsoft). */
  paths: { discovery: string; authorize: string; token: string; jwks: string };
  /** Its OpenID Connect discovery document, for the request's path parameters (the tenant). */
  discovery(ctx: SandboxContext, params: Record<string, string>): Record<string, unknown>;
}
