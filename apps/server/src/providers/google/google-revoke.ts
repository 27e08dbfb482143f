import { AppError } from '../../errors';

/**
 * Ends the user's whole grant to this app at Google: `POST revokeUrl` with the token in a form body.
 * A refresh token revokes every access token issued from it too. Google answers 200, or 400
 * `invalid_token` for a token already revoked or expired, which means the grant is gone already.
 */
export async function revokeGoogleToken(revokeUrl: string, token: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(revokeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (cause) {
    throw new AppError('provider_failed', 'Google could not be reached to revoke access', { cause });
  }
  const text = await res.text().catch(() => '');
  if (res.ok) return;
  if (res.status === 400 && text.includes('invalid_token')) return;
  throw new AppError('provider_failed', `Google refused to revoke access (HTTP ${res.status})`, {
    cause: text.slice(0, 300),
  });
}
