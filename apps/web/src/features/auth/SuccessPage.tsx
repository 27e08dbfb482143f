import type { Provider } from '@warrantly/contract/auth';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { signedIn } from '@/app/auth-slice';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { paths } from '@/app/paths';
import { readLoginProvider, safeDashboardPath, storageKeys } from '@/app/session';
import { exchangeRefreshToken, RefreshUnavailable } from '@/app/token-refresh';
import { Logo } from '@/components/Logo';

const PROVIDER_LABEL: Record<Provider, string> = { google: 'Google', microsoft: 'Microsoft' };

// 'busy': the server answered 429/5xx or could not be reached, so the link may still be good.
type Phase = 'exchanging' | 'done' | 'failed' | 'busy';

/**
 * Finishes a full-page sign-in. The tokens in the address are spent at once: the refresh token is traded
 * for a fresh pair and the address is replaced, so a leaked URL or history entry opens nothing.
 */
function SuccessPage({ provider }: { provider: Provider }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const isSignedIn = useAppSelector((s) => Boolean(s.auth.accessToken && s.auth.refreshToken));
  const [isAllowed] = useState(() => readLoginProvider() === provider);
  const [phase, setPhase] = useState<Phase>('exchanging');
  // Effects run twice in development; a refresh token works only once, so spend it only once.
  const hasStarted = useRef(false);

  useEffect(() => {
    if (!isAllowed || hasStarted.current) return;
    hasStarted.current = true;
    const query = new URLSearchParams(location.search);
    const urlRefreshToken = query.get('refresh_token');
    if (location.search) navigate(location.pathname, { replace: true });
    if (!urlRefreshToken || !query.get('access_token')) {
      setPhase(isSignedIn ? 'done' : 'failed');
      return;
    }
    exchangeRefreshToken(urlRefreshToken)
      .then((pair) => {
        dispatch(
          signedIn({
            accessToken: pair.access_token,
            refreshToken: pair.refresh_token,
            user: {
              name: query.get('name') ?? '',
              email: query.get('email') ?? '',
              profile_picture: query.get('picture') ?? '',
            },
            provider,
          }),
        );
        setPhase('done');
      })
      .catch((error: unknown) => {
        console.error('The sign-in tokens could not be exchanged', error);
        setPhase(error instanceof RefreshUnavailable ? 'busy' : 'failed');
      });
  }, [isAllowed, location, navigate, dispatch, provider, isSignedIn]);

  if (!isAllowed) return <Navigate to={paths.login} replace />;

  function goToDashboard() {
    navigate(safeDashboardPath(localStorage.getItem(storageKeys.redirectAfterLogin)));
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-blue-50 to-slate-50 px-4">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <div className="flex justify-center">
          <Logo />
        </div>
        {phase === 'failed' || phase === 'busy' ? (
          <>
            <h1 className="mt-6 text-2xl font-bold text-slate-900">Sign-in could not be completed</h1>
            <p className="mt-3 text-slate-700">
              {phase === 'busy'
                ? 'Warrantly is busy or could not be reached. Please sign in again in a moment.'
                : 'This sign-in link has expired or was already used.'}
            </p>
            <Link
              to={paths.login}
              className="mt-6 inline-flex min-h-11 items-center rounded-xl bg-blue-700 px-6 font-semibold text-white hover:bg-blue-800"
            >
              Back to login
            </Link>
          </>
        ) : (
          <>
            <div className="mx-auto mt-6 flex size-14 items-center justify-center rounded-full bg-green-100 text-green-800">
              <svg
                viewBox="0 0 24 24"
                className="size-8"
                fill="none"
                stroke="currentColor"
                strokeWidth={2.5}
                aria-hidden="true"
              >
                <path d="M5 12.5 10 17l9-10" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </div>
            <h1 className="mt-4 text-2xl font-bold text-slate-900">Successfully Logged in!</h1>
            <p className="mt-3 text-slate-700">
              You have logged in with {PROVIDER_LABEL[provider]}. Click below to continue.
            </p>
            <button
              type="button"
              onClick={goToDashboard}
              disabled={phase !== 'done'}
              className="mt-6 inline-flex min-h-11 items-center rounded-xl bg-blue-700 px-6 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
            >
              Go to Dashboard
            </button>
          </>
        )}
      </div>
    </main>
  );
}

export function GoogleSuccessPage() {
  return <SuccessPage provider="google" />;
}

export function MicrosoftSuccessPage() {
  return <SuccessPage provider="microsoft" />;
}
