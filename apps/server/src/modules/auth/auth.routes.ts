import { createHmac } from 'node:crypto';
import cookie from '@fastify/cookie';
import { RefreshBody, SignInResult, TokenPair } from '@warrantly/contract/auth';
import { ErrorBody } from '@warrantly/contract/common';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/schema';
import { AppError } from '../../errors';
import { PROVIDER_LABEL, type ProviderName } from '../../providers/endpoints';
import { revokeRefreshToken, rotateRefreshToken } from './app-tokens';
import { getProfile } from './provider-accounts.service';
import type { SignIn } from './sign-in.service';
import { decodeState, encodeState, newSignInState, STATE_COOKIE, STATE_TTL_SECONDS } from './sign-in-state';

const STATE_COOKIE_OPTIONS = { path: '/', httpOnly: true, sameSite: 'lax' } as const;

export interface AuthRouteOptions {
  signIn: SignIn;
  db: Db;
  signingKey: Buffer;
  publicUrl: string | undefined;
  /** How long a sign-in's refresh tokens keep rotating (SESSION_MAX_DAYS). */
  sessionMaxDays: number;
  /** Sign-in steps and token refreshes a minute per address (SIGN_INS_PER_MINUTE). */
  signInsPerMinute: number;
  now: () => Date;
}

/** Where the provider sends the browser back, per provider and flow. */
const CALLBACK_PATH: Record<ProviderName, string> = {
  google: '/google-auth/google/login/callback/',
  microsoft: '/microsoft-auth/login/callback/',
};
/** The web app's page that finishes a full-page sign-in. */
const SUCCESS_PAGE: Record<ProviderName, string> = { google: '/success', microsoft: '/successlogin' };

const CallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

export const authRoutes: FastifyPluginAsync<AuthRouteOptions> = async (fastify, opts) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { signIn, signingKey, now } = opts;
  // The sign-in state cookie is signed under its own key, derived from the token-signing key.
  await fastify.register(cookie, { secret: createHmac('sha256', signingKey).update('cookie').digest() });
  const origin = (req: FastifyRequest) =>
    opts.publicUrl?.replace(/\/$/, '') ?? `${req.protocol}://${req.host}`;

  function startLogin(provider: ProviderName) {
    return async (req: FastifyRequest<{ Querystring: { mode?: 'popup' | 'page' } }>, reply: FastifyReply) => {
      const mode = req.query.mode === 'popup' && provider === 'google' ? 'popup' : 'page';
      const redirectUri =
        mode === 'popup' ? `${origin(req)}/google/callback` : `${origin(req)}${CALLBACK_PATH[provider]}`;
      const state = newSignInState(provider, redirectUri, mode, now().getTime());
      const url = signIn.authorizeUrl(state);
      return reply
        .setCookie(STATE_COOKIE, encodeState(state), {
          ...STATE_COOKIE_OPTIONS,
          maxAge: STATE_TTL_SECONDS,
          secure: redirectUri.startsWith('https:'),
          signed: true,
        })
        .header('cache-control', 'no-store')
        .redirect(url, 302);
    };
  }

  function finishLogin(provider: ProviderName) {
    return async (
      req: FastifyRequest<{ Querystring: z.infer<typeof CallbackQuery> }>,
      reply: FastifyReply,
    ) => {
      const cookie = req.cookies[STATE_COOKIE];
      const unsigned = cookie ? req.unsignCookie(cookie) : null;
      const state = decodeState(unsigned?.valid ? unsigned.value : null, req.query.state, now().getTime());
      const wantsJson = state?.mode === 'popup' || (req.headers.accept ?? '').includes('application/json');
      reply.clearCookie(STATE_COOKIE, STATE_COOKIE_OPTIONS).header('cache-control', 'no-store');
      try {
        if (!state || state.provider !== provider) {
          throw new AppError(
            'invalid_input',
            'This sign-in expired or was started in another browser: start again',
          );
        }
        if (req.query.error) {
          const cancelled = req.query.error === 'access_denied';
          throw new AppError(
            'invalid_input',
            cancelled
              ? `${PROVIDER_LABEL[provider]} sign-in was cancelled`
              : `${PROVIDER_LABEL[provider]} refused the sign-in (${req.query.error})`,
          );
        }
        if (!req.query.code)
          throw new AppError('invalid_input', `${PROVIDER_LABEL[provider]} sent no authorization code`);
        const result = await signIn.complete(state, req.query.code, now());
        if (wantsJson) return reply.send(result);
        const target = new URL(SUCCESS_PAGE[provider], `${origin(req)}/`);
        const { access_token, refresh_token, email, name, picture, messages } = result;
        for (const [key, value] of Object.entries({
          access_token,
          refresh_token,
          email,
          name,
          picture,
          messages,
        })) {
          target.searchParams.set(key, value);
        }
        return reply.redirect(target.toString(), 302);
      } catch (error) {
        if (wantsJson || !(error instanceof AppError)) throw error;
        req.log.warn({ err: error }, 'sign-in failed');
        return reply.code(error.status).type('text/html; charset=utf-8').send(errorPage(error.message));
      }
    };
  }

  const loginSchema = (provider: string) => ({
    tags: ['sign-in'],
    summary: `Start signing in with ${provider} (redirects to the provider)`,
    security: [],
    querystring: z.object({ mode: z.enum(['popup', 'page']).optional() }),
  });
  const callbackSchema = (provider: string) => ({
    tags: ['sign-in'],
    summary: `${provider} returns here; redirects to the web app with the app's tokens, or answers them as JSON`,
    security: [],
    querystring: CallbackQuery,
    response: { 200: SignInResult, 400: ErrorBody, 502: ErrorBody },
  });

  // Sign-in is the only place a stranger can make the server do work for free: limit it per address.
  const config = { public: true, rateLimit: { max: opts.signInsPerMinute, timeWindow: '1 minute' } };
  app.get('/google-auth/google/login', { config, schema: loginSchema('Google') }, startLogin('google'));
  app.get(CALLBACK_PATH.google, { config, schema: callbackSchema('Google') }, finishLogin('google'));
  app.get('/microsoft-auth/login/', { config, schema: loginSchema('Microsoft') }, startLogin('microsoft'));
  app.get(CALLBACK_PATH.microsoft, { config, schema: callbackSchema('Microsoft') }, finishLogin('microsoft'));

  app.post(
    '/api/v1/auth/refresh/',
    {
      config,
      schema: {
        tags: ['sign-in'],
        summary: 'Trade a refresh token for a new pair (each refresh token works once)',
        security: [],
        body: RefreshBody,
        response: { 200: TokenPair, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    (req) => rotateRefreshToken(opts.db, signingKey, req.body.refresh_token, now(), opts.sessionMaxDays),
  );
  app.post(
    '/api/v1/auth/logout/',
    {
      config,
      schema: {
        tags: ['sign-in'],
        summary: 'Revoke the refresh token and every token rotated from it',
        security: [],
        body: RefreshBody,
        response: { 204: z.null(), 400: ErrorBody },
      },
    },
    async (req, reply) => {
      await revokeRefreshToken(opts.db, req.body.refresh_token, now());
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/api/v1/me/',
    {
      schema: {
        tags: ['sign-in'],
        summary: 'The signed-in user',
        response: {
          200: z.object({
            email: z.string(),
            name: z.string(),
            picture: z.string(),
            provider: z.enum(['google', 'microsoft']),
          }),
          401: ErrorBody,
        },
      },
    },
    (req) => getProfile(opts.db, req.userId),
  );
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** A plain page for a failed full-page sign-in: what went wrong and the way back. */
function errorPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sign-in failed · Warrantly</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>Sign-in failed</h1><p>${escapeHtml(message)}</p><p><a href="/login">Back to sign in</a></p></body></html>`;
}
