/** This worker's server, started for it by the global setup: Playwright numbers workers from 0. */
function required(name: string): string {
  const key = `${name}_${process.env.TEST_PARALLEL_INDEX ?? '0'}`;
  const value = process.env[key];
  if (!value) throw new Error(`${key} is not set: the global setup starts the servers and sets it`);
  return value;
}

/** The server under test (same origin for the web app and the API). */
export const appUrl = () => required('WARRANTLY_URL');
/** The provider sandbox the server started; `/__sandbox/...` is its control API. */
export const sandboxUrl = () => required('WARRANTLY_SANDBOX_URL');
/** The server's data folder (its SQLite file), for seeding more rows than the API would take in time. */
export const dataDir = () => required('WARRANTLY_DATA_DIR');
