import { z } from 'zod';

export const RefreshBody = z.object({
  refresh_token: z.string().min(1, 'refresh_token is required').max(512),
});
export type RefreshBody = z.infer<typeof RefreshBody>;

export const TokenPair = z.object({ access_token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof TokenPair>;

/** Which provider a user signed in with; it decides the sync, calendar and parts endpoints used. */
export const Provider = z.enum(['google', 'microsoft']);
export type Provider = z.infer<typeof Provider>;

/** JSON answer of `GET /google-auth/google/login/callback/?code=&state=` (the popup flow). */
export const SignInResult = TokenPair.extend({
  email: z.string(),
  name: z.string(),
  picture: z.string(),
  messages: Provider,
});
export type SignInResult = z.infer<typeof SignInResult>;
