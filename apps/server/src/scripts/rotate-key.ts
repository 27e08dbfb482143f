import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import {
  beginKeyFileRotation,
  finishRotation,
  KeyCheckError,
  openKeys,
  retiredKeyFile,
  rotationPending,
} from '../storage/keys';
import { openBlobStore } from '../storage/open-blob-store';
import { resealAll, sealedSample } from '../storage/reseal';

/**
 * `npm run rotate-key [-- --pause-ms N]`: moves everything sealed at rest (receipt files, provider tokens,
 * document text, feed secrets) to a new master key. With a generated DATA_DIR/master.key it makes the new
 * key itself; with APP_SECRET, set the new secret in APP_SECRET and the old one in APP_SECRET_PREVIOUS
 * first. Stopped at any point, it continues where it stopped when run again; the server reads both keys
 * meanwhile. When it reports done, the old key can be deleted.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { 'pause-ms': { type: 'string', default: '0' } } });
  const pauseMs = Number(values['pause-ms']);
  if (!Number.isInteger(pauseMs) || pauseMs < 0) throw new Error('--pause-ms takes a whole number of ms');
  const config = loadConfig();
  const dataDir = path.resolve(config.DATA_DIR);
  const handle = await openDatabase({
    url: config.DATABASE_URL,
    sqliteFile: path.join(dataDir, 'warrantly.db'),
  });
  try {
    const blobs = openBlobStore(config, dataDir);
    const openAll = () =>
      openKeys({
        dataDir,
        appSecret: config.APP_SECRET,
        previousSecret: config.APP_SECRET_PREVIOUS,
        sealedSample: () => sealedSample(handle.db, blobs),
      });
    let keys = await openAll();
    if (rotationPending(dataDir, keys).length > 0) {
      console.log(`Continuing the rotation to master key ${keys.encryption.currentId}.`);
    } else if (config.APP_SECRET) {
      console.error(
        'Everything is sealed under APP_SECRET already. To rotate it, set APP_SECRET to a new secret ' +
          '(at least 32 characters) and APP_SECRET_PREVIOUS to the current one, then run this again.',
      );
      return 1;
    } else {
      const retired = beginKeyFileRotation(dataDir);
      keys = await openAll();
      console.log(
        `New master key ${keys.encryption.currentId} in ${path.join(dataDir, 'master.key')}; the old one is ` +
          `kept as ${retired} until the rotation is done. Restart a running server now: it then writes ` +
          'under the new key and reads both.',
      );
    }
    await migrateToLatest(handle.db, handle.dialect, undefined, keys.encryption);
    const retiring = rotationPending(dataDir, keys);
    const result = await resealAll(
      { db: handle.db, blobs, keys: keys.encryption },
      {
        pauseMs,
        onProgress: (kind, done) => {
          if (done % 100 === 0) console.log(`${kind}: ${done} re-encrypted`);
        },
      },
    );
    const counts = Object.entries(result.rewritten).map(([kind, n]) => `${n} ${kind}`);
    console.log(`Re-encrypted ${counts.join(', ')}.`);
    if (result.changedMeanwhile > 0) {
      console.error(
        `${result.changedMeanwhile} rows changed while they were being re-encrypted; run this again.`,
      );
      return 1;
    }
    finishRotation(dataDir, keys);
    const removals = retiring.map((id) => {
      const file = retiredKeyFile(dataDir, id);
      return existsSync(file) ? `delete ${file}` : `unset APP_SECRET_PREVIOUS (key ${id})`;
    });
    console.log(
      `Done: everything is sealed under master key ${keys.encryption.currentId}.` +
        (removals.length > 0
          ? ` The old key is no longer needed: ${removals.join(' and ')} once you no longer need to restore ` +
            'backups made before this rotation.'
          : ''),
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
