import { availableParallelism } from 'node:os';
import path from 'node:path';
import { buildApp } from './app';
import { type Config, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { createExtractionPool } from './modules/documents/extraction-pool';
import { sweepOrphanFiles } from './modules/receipts/receipts.service';
import { providerEndpoints } from './providers/start-providers';
import { createFsBlobStore } from './storage/fs-blob-store';
import { loadKeys } from './storage/keys';

async function main(config: Config): Promise<void> {
  const dataDir = path.resolve(config.DATA_DIR);
  const handle = await openDatabase({
    url: config.DATABASE_URL,
    sqliteFile: path.join(dataDir, 'warrantly.db'),
  });
  await migrateToLatest(handle.db, handle.dialect);
  const keys = loadKeys(dataDir, config.APP_SECRET);
  const blobs = createFsBlobStore(path.join(dataDir, 'blobs'));
  // On SQLite this process is the only writer, so every unreferenced file is an orphan; with a shared
  // PostgreSQL another replica may be mid-upload, so only files older than an hour are.
  const removed = await sweepOrphanFiles(
    { db: handle.db, blobs, encryptionKey: keys.encryption },
    handle.dialect === 'sqlite' ? 0 : 60 * 60 * 1000,
  );

  const { endpoints, stopSandbox } = await providerEndpoints(config);
  const extraction = createExtractionPool({ size: Math.max(1, Math.min(2, availableParallelism() - 1)) });
  const app = await buildApp({
    endpoints,
    extraction,
    config,
    db: handle.db,
    dialect: handle.dialect,
    blobs,
    keys,
    ...(config.WEB_DIST_DIR ? { webDistDir: path.resolve(config.WEB_DIST_DIR) } : {}),
    logger: (await import('./logging')).loggerOptions(config),
  });
  if (removed > 0) app.log.info({ removed }, 'removed orphan receipt files');

  // The background sync: the same code path as the endpoints, every SYNC_INTERVAL_MINUTES (0: off).
  const interval = config.SYNC_INTERVAL_MINUTES * 60_000;
  const background =
    interval > 0 ? setInterval(() => void app.mailSync.syncEveryone(), interval).unref() : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    if (background) clearInterval(background);
    await app.close();
    await extraction.close();
    await stopSandbox();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const port = new URL(address).port;
  if (endpoints.sandboxUrl) {
    app.log.warn(
      { sandbox: endpoints.sandboxUrl },
      'Sign-in, mail and calendar use the LOCAL PROVIDER SANDBOX (no GOOGLE_CLIENT_ID or MICROSOFT_CLIENT_ID set)',
    );
  }
  app.log.info(
    { database: handle.dialect, dataDir },
    `Warrantly is running: open ${config.PUBLIC_URL ?? `http://localhost:${port}`}`,
  );
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
main(config).catch((error: unknown) => {
  console.error('Warrantly failed to start:', error);
  process.exit(1);
});
