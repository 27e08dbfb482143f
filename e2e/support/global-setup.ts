import { startBuiltServer } from './server';

/** Starts the built server with its sandbox; specs read the addresses from the environment. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startBuiltServer();
  process.env.WARRANTLY_URL = server.url;
  process.env.WARRANTLY_SANDBOX_URL = server.sandboxUrl;
  process.env.WARRANTLY_DATA_DIR = server.dataDir;
  return server.stop;
}
