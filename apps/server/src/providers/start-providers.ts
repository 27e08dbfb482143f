import { SANDBOX_CLIENT, type SandboxAddresses, sandboxAddresses } from '@warrantly/sandbox/addresses';
import type { Config } from '../config';
import { needsSandbox, type ProviderEndpoints, realEndpoints } from './endpoints';

/**
 * The local sandbox, started in this process on its own port (SANDBOX_PORT, random by default), when
 * SANDBOX=on, or when SANDBOX=auto outside production and no provider has credentials, so
 * `PORT=4123 npm start` alone signs people in; otherwise the real providers. With SANDBOX_URL, the sandbox
 * running there is used instead of one in this process. Production never starts it
 * unasked: anyone can sign in there as a demo account.
 */
export function startsSandbox(config: Config): boolean {
  if (config.SANDBOX !== 'auto') return config.SANDBOX === 'on';
  return config.NODE_ENV !== 'production' && needsSandbox(config);
}

export async function providerEndpoints(
  config: Config,
): Promise<{ endpoints: ProviderEndpoints; stopSandbox: () => Promise<void> }> {
  if (!startsSandbox(config)) {
    return { endpoints: realEndpoints(config), stopSandbox: async () => undefined };
  }
  if (config.SANDBOX_URL) {
    const addresses = sandboxAddresses(config.SANDBOX_URL.replace(/\/$/, ''), SANDBOX_CLIENT);
    return { endpoints: sandboxEndpoints(addresses), stopSandbox: async () => undefined };
  }
  const { startSandbox } = await import('@warrantly/sandbox/sandbox');
  const sandbox = await startSandbox({
    port: config.SANDBOX_PORT,
    host: '127.0.0.1',
    ...(config.SANDBOX_MAILBOX_DIR ? { mailboxDir: config.SANDBOX_MAILBOX_DIR } : {}),
  });
  return { endpoints: sandboxEndpoints(sandbox), stopSandbox: () => sandbox.close() };
}

/** The sandbox's addresses in the shape of the real providers'. */
export function sandboxEndpoints(sandbox: SandboxAddresses): ProviderEndpoints {
  return {
    google: {
      clientId: sandbox.google.clientId,
      clientSecret: sandbox.google.clientSecret,
      authorizeUrl: sandbox.google.authorizeUrl,
      tokenUrl: sandbox.google.tokenUrl,
      jwksUri: sandbox.google.jwksUri,
      issuer: sandbox.google.issuer,
      gmailBase: sandbox.google.apiBase,
      calendarBase: sandbox.google.apiBase,
      revokeUrl: sandbox.google.revokeUrl,
    },
    microsoft: {
      clientId: sandbox.microsoft.clientId,
      clientSecret: sandbox.microsoft.clientSecret,
      authorizeUrl: sandbox.microsoft.authorizeUrl,
      tokenUrl: sandbox.microsoft.tokenUrl,
      jwksUri: sandbox.microsoft.jwksUri,
      issuer: sandbox.microsoft.issuer,
      graphBase: sandbox.microsoft.graphBase,
    },
    sandboxUrl: sandbox.url,
  };
}
