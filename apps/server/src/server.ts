import path from 'node:path';
import { buildApp } from './app';
import { type Config, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { createSyncScheduler } from './modules/mail-sync/mail-sync-scheduler';
import { createExtractionPool, poolOptionsFrom } from './modules/receipts/reader/extraction-pool';
import { sweepOrphanFiles } from './modules/receipts/receipts.service';
import { CATCH_UP_EVERY_MS } from './modules/reminders/reminder-worker';
import { purgeOldRejections } from './modules/review/review.service';
import { installProcessHandlers, loggableError } from './process-handlers';
import { providerEndpoints } from './providers/start-providers';
import { KeyCheckError, openKeys } from './storage/keys';
import { openBlobStore } from './storage/open-blob-store';
import { privateDir } from './storage/private-files';
import { sealedSample } from './storage/reseal';

async function main(config: Config): Promise<void> {
  const dataDir = path.resolve(config.DATA_DIR);
  privateDir(dataDir);
  // The app's logger takes over from stderr once it exists.
  let connectionLost = (error: Error) => console.error('PostgreSQL connection lost:', error.message);
  const handle = await openDatabase({
    url: config.DATABASE_URL,
    sqliteFile: path.join(dataDir, 'warrantly.db'),
    onConnectionLost: (error) => connectionLost(error),
  });
  const blobs = openBlobStore(config, dataDir);
  // Stops here, saying what changed, when the keys are not the ones the data was sealed under.
  const keys = await openKeys({
    dataDir,
    appSecret: config.APP_SECRET,
    previousSecret: config.APP_SECRET_PREVIOUS,
    sealedSample: () => sealedSample(handle.db, blobs),
  });
  await migrateToLatest(handle.db, handle.dialect, undefined, keys.encryption);
  // On SQLite this process is the only writer, so every unreferenced file is an orphan; with a shared
  // PostgreSQL another replica may be mid-upload, so only files older than an hour are.
  const removed = await sweepOrphanFiles(
    { db: handle.db, blobs, encryptionKey: keys.encryption },
    handle.dialect === 'sqlite' ? 0 : 60 * 60 * 1000,
  );
  // Rejections are kept 30 days (reads ignore older ones); the rows go at start-up.
  await purgeOldRejections(handle.db, new Date());

  const { endpoints, stopSandbox } = await providerEndpoints(config);
  // Its log goes to stderr until the app's logger exists.
  let poolLog: { warn(obj: object, msg: string): void } = {
    warn: (obj, msg) => console.error(msg, JSON.stringify(obj)),
  };
  const extraction = createExtractionPool({
    ...poolOptionsFrom(config),
    log: { warn: (o, m) => poolLog.warn(o, m) },
  });
  const app = await buildApp({
    endpoints,
    extraction,
    config,
    db: handle.db,
    dialect: handle.dialect,
    listen: handle.listen,
    blobs,
    keys,
    ...(config.WEB_DIST_DIR ? { webDistDir: path.resolve(config.WEB_DIST_DIR) } : {}),
    logger: (await import('./logging')).loggerOptions(config),
  });
  connectionLost = (error) =>
    app.log.warn(
      { error: loggableError(error) },
      'PostgreSQL dropped a connection: the pool opens a new one when needed',
    );
  poolLog = app.log;
  if (removed > 0) app.log.info({ removed }, 'removed orphan receipt files');

  // The background sync: every SYNC_INTERVAL_MINUTES (0: off), once across all replicas, a pass queues a
  // `sync-mailbox` job per connected mailbox; the jobs run the same code path as the endpoints.
  const background = createSyncScheduler({
    syncEveryone: async () => {
      for (const userId of await app.mailSync.syncableUserIds()) await app.jobs.send('sync-mailbox', userId);
    },
    log: app.log,
  });
  await app.jobs.every(
    'sweep-mailboxes',
    config.SYNC_INTERVAL_MINUTES * 60_000,
    () => background.tick().done,
  );

  // Calendars whose change signal was lost with the replica that committed it (reminder-worker.ts).
  await app.jobs.every('calendar-catch-up', CATCH_UP_EVERY_MS, async () => {
    await app.reminders.catchUp();
  });

  installProcessHandlers({
    log: app.log,
    timeoutMs: config.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    close: async () => {
      await app.close();
      await extraction.close();
      await stopSandbox();
      await handle.close();
    },
  });

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const port = new URL(address).port;
  if (endpoints.sandboxUrl) {
    app.log.warn(
      { sandbox: endpoints.sandboxUrl },
      config.SANDBOX === 'on'
        ? 'Sign-in, mail and calendar use the LOCAL PROVIDER SANDBOX (SANDBOX=on)'
        : 'Sign-in, mail and calendar use the LOCAL PROVIDER SANDBOX (no GOOGLE_CLIENT_ID or MICROSOFT_CLIENT_ID set)',
    );
  }
  app.log.info(
    {
      database: handle.dialect,
      dataDir,
      files: config.S3_BUCKET ? `s3://${config.S3_BUCKET}` : 'DATA_DIR/blobs',
    },
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
  console.error('Warrantly failed to start:', error instanceof KeyCheckError ? error.message : error);
  process.exit(1);
});
