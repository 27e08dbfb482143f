import type { SignInResult } from '@warrantly/contract/auth';
import { useEffect, useRef, useState } from 'react';

/** The message the popup posts to the window that opened it. */
export interface GoogleAuthMessage {
  type: 'GOOGLE_AUTH_SUCCESS';
  payload: SignInResult;
}

/**
 * The popup half of a Google re-consent (ARCHITECTURE "Sign-in"): Google returns here with a code, the
 * server answers the sign-in as JSON (its state cookie is same-origin), and the opener gets it.
 * Without a code or an opener there is nothing to do, and the spec has it only logged.
 */
export function GoogleCallbackPage() {
  const [isWorking] = useState(() => {
    const code = new URLSearchParams(window.location.search).get('code');
    return Boolean(code && window.opener);
  });
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const query = new URLSearchParams(window.location.search);
    const code = query.get('code');
    if (!code) {
      console.error('Google callback without an authorization code');
      return;
    }
    const opener = window.opener as Window | null;
    if (!opener) {
      console.error('Google callback opened without an opener window');
      return;
    }
    const params = new URLSearchParams({ code, state: query.get('state') ?? '' });
    fetch(`/google-auth/google/login/callback/?${params}`, { headers: { accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`Google callback failed with HTTP ${res.status}`);
        const payload = (await res.json()) as SignInResult;
        opener.postMessage(
          { type: 'GOOGLE_AUTH_SUCCESS', payload } satisfies GoogleAuthMessage,
          window.location.origin,
        );
        window.close();
      })
      .catch((error: unknown) => console.error('Google sign-in in the popup failed', error));
  }, []);

  if (!isWorking) return null;
  return (
    <main className="flex min-h-screen items-center justify-center">
      <p role="status" className="text-lg font-medium text-slate-800">
        Authenticating...
      </p>
    </main>
  );
}
