import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, S3_SETTINGS } from '../config';
import { openDatabase } from '../db/database';
import { createFsBlobStore } from '../storage/fs-blob-store';
import { KeyCheckError, openKeys } from '../storage/keys';
import { moveBlobs } from '../storage/move-blobs';
import { fsBlobDir, s3SettingsOf } from '../storage/open-blob-store';
import { sealedSample } from '../storage/reseal';
import { createS3BlobStore } from '../storage/s3-blob-store';

/**
 * `npm run move-files -- --to s3|fs [--pause-ms N]`: copies every receipt file between DATA_DIR/blobs and
 * the S3 bucket that S3_* name (both are read from the same configuration), rewriting older envelopes to
 * the chunked one on the way. Stopped at any point, it continues where it stopped when run again. The
 * source is left as it is; the server uses the new store once it is started with (or without) S3_*.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { to: { type: 'string' }, 'pause-ms': { type: 'string', default: '0' } },
  });
  const to = values.to;
  if (to !== 's3' && to !== 'fs') {
    console.error('Say where the files go: npm run move-files -- --to s3 (or --to fs)');
    return 1;
  }
  const pauseMs = Number(values['pause-ms']);
  if (!Number.isInteger(pauseMs) || pauseMs < 0) throw new Error('--pause-ms takes a whole number of ms');
  const config = loadConfig();
  const s3 = s3SettingsOf(config);
  if (!s3) {
    console.error(
      `Set ${S3_SETTINGS.join(', ')} (and S3_FORCE_PATH_STYLE, S3_PREFIX if you use them) to the bucket ` +
        `to move the files ${to === 's3' ? 'to' : 'from'}.`,
    );
    return 1;
  }
  const dataDir = path.resolve(config.DATA_DIR);
  const disk = { store: createFsBlobStore(fsBlobDir(dataDir)), name: fsBlobDir(dataDir) };
  const bucket = {
    store: createS3BlobStore(s3),
    name: `S3 bucket ${s3.bucket}${s3.prefix ? ` (under ${s3.prefix})` : ''} at ${s3.endpoint}`,
  };
  const [from, target] = to === 's3' ? [disk, bucket] : [bucket, disk];
  const handle = await openDatabase({
    url: config.DATABASE_URL,
    sqliteFile: path.join(dataDir, 'warrantly.db'),
  });
  try {
    const keys = await openKeys({
      dataDir,
      appSecret: config.APP_SECRET,
      previousSecret: config.APP_SECRET_PREVIOUS,
      sealedSample: () => sealedSample(handle.db, from.store),
    });
    console.log(`Copying receipt files from ${from.name} to ${target.name}.`);
    const result = await moveBlobs(
      { db: handle.db, from: from.store, to: target.store, keys: keys.encryption },
      {
        pauseMs,
        onProgress: ({ done, total, key, outcome }) => {
          if (outcome === 'missing' || outcome === 'failed') console.error(`${key}: ${outcome}`);
          if (done % 50 === 0 || done === total) console.log(`${done}/${total} files done`);
        },
      },
    );
    console.log(
      `Copied ${result.copied}, already there and verified ${result.alreadyThere}, missing ` +
        `${result.missing.length}, failed ${result.failed.length}.`,
    );
    for (const { key, reason } of result.failed) console.error(`  ${key}: ${reason}`);
    if (result.failed.length > 0 || result.missing.length > 0) {
      console.error(
        'Some files were not copied (see above). Run this again once the cause is fixed; files copied ' +
          'already are checked and skipped. A missing file is one no store holds (or one deleted meanwhile).',
      );
      return 1;
    }
    console.log(
      `Done: every receipt file is in ${target.name}. The source was left as it is. Restart the server ` +
        (to === 's3' ? 'with S3_* set' : 'without S3_*') +
        ` to use the new store; once it serves your receipts, ${from.name} can be emptied.`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof KeyCheckError ? error.message : error);
    process.exit(1);
  },
);
