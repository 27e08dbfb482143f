import type { Provider } from '@warrantly/contract/auth';
import { signInUrls } from './paths';
import { storeLoginIntent } from './session';

export const PROVIDER_NAME: Record<Provider, string> = { google: 'Google', microsoft: 'Microsoft' };

/**
 * Signs in with the provider (a full-page navigation: the server starts its OAuth flow), returning to
 * `returnPath` afterwards. Signing in again is also how a disconnected mailbox and calendar reconnect.
 */
export function startSignIn(provider: Provider, returnPath: string): void {
  storeLoginIntent(provider, returnPath);
  window.location.assign(signInUrls[provider]);
}
