import type { Provider } from '@warrantly/contract/auth';
import { useLocation } from 'react-router';
import { PROVIDER_NAME, startSignIn } from './sign-in';

/** "Sign in with Google again": reconnects the mailbox and calendar, then comes back to this page. */
export function ReconnectButton({ provider }: { provider: Provider }) {
  const location = useLocation();
  return (
    <button
      type="button"
      onClick={() => startSignIn(provider, `${location.pathname}${location.search}`)}
      className="inline-flex min-h-11 items-center rounded-xl bg-blue-700 px-4 font-semibold text-white hover:bg-blue-800"
    >
      Sign in with {PROVIDER_NAME[provider]} again
    </button>
  );
}
