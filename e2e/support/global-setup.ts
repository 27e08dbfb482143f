import type { FullConfig } from '@playwright/test';
import { startBuiltServer } from './server';

/**
 * Starts one built server with its sandbox per worker, so that workers never share the demo accounts'
 * data; a worker finds its own by its parallel index (`env.ts`).
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const started = await Promise.allSettled(Array.from({ length: config.workers }, () => startBuiltServer()));
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    // The servers that did start would outlive the run.
    await Promise.all(servers.map((server) => server.stop()));
    throw failed.reason;
  }
  servers.forEach((server, index) => {
    process.env[`WARRANTLY_URL_${index}`] = server.url;
    process.env[`WARRANTLY_SANDBOX_URL_${index}`] = server.sandboxUrl;
    process.env[`WARRANTLY_DATA_DIR_${index}`] = server.dataDir;
  });
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}
