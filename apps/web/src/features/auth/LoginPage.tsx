import type { Provider } from '@warrantly/contract/auth';
import { useLocation } from 'react-router';
import { paths } from '@/app/paths';
import { startSignIn } from '@/app/sign-in';
import { BackLink } from '@/components/BackLink';
import { Logo } from '@/components/Logo';
import { ProviderMark } from './ProviderMark';

/** One button per provider, in the seed's order and words (Outlook is Microsoft's mailbox). */
const SIGN_IN_BUTTONS: readonly { provider: Provider; label: string }[] = [
  { provider: 'google', label: 'Login with Google' },
  { provider: 'microsoft', label: 'Login with Outlook' },
];

/** Where the guard sent the user from, so sign-in can return there. */
function returnPath(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown } } | null)?.from;
  if (typeof from?.pathname !== 'string') return paths.dashboard;
  return `${from.pathname}${typeof from.search === 'string' ? from.search : ''}`;
}

export function LoginPage() {
  const location = useLocation();

  function signIn(provider: Provider) {
    startSignIn(provider, returnPath(location.state));
  }

  return (
    <main className="grid min-h-screen lg:grid-cols-2">
      <div className="flex flex-col px-4 py-6 sm:px-10">
        <BackLink to={paths.home} label="Back to home" />
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
          <Logo />
          <p className="mt-8 text-sm font-semibold tracking-wide text-blue-700 uppercase">Sign up</p>
          <h1 className="mt-2 text-3xl font-bold text-slate-900">Create your account</h1>
          <p className="mt-3 text-slate-700">
            Sign in with the account whose mailbox holds your order confirmations; your purchases appear on
            their own.
          </p>
          <div className="mt-8 space-y-4">
            {SIGN_IN_BUTTONS.map(({ provider, label }) => (
              <button
                key={provider}
                type="button"
                onClick={() => signIn(provider)}
                className="flex min-h-12 w-full items-center justify-center gap-3 rounded-xl border border-slate-300 bg-white px-4 font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
              >
                <ProviderMark provider={provider} />
                {label}
              </button>
            ))}
          </div>
          <p className="mt-6 text-sm text-slate-600">
            Warrantly asks for read-only mail access and calendar events, nothing more.
          </p>
        </div>
      </div>
      <div className="hidden bg-blue-900 lg:block">
        <img
          src="/images/login-side.svg"
          alt="A receipt card with a warranty shield"
          className="h-full w-full object-cover"
          width={480}
          height={560}
        />
      </div>
    </main>
  );
}
