import path from 'node:path';
import { parseArgs } from 'node:util';
import { restoreBackup } from '../backup/restore';
import { loadConfig } from '../config';
import { exitWhenDone } from './backup-exit';

/**
 * `npm run restore -- DIR [--key-file FILE]`: restores a backup into an empty DATA_DIR (and, with
 * DATABASE_URL, an empty database or schema). The keys come from APP_SECRET, the backup (--include-key) or
 * FILE, the master.key kept apart; nothing is written unless they open the data and every file is intact.
 */
async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'key-file': { type: 'string' } },
  });
  const [source, ...extra] = positionals;
  if (!source || extra.length > 0) {
    console.error('Usage: npm run restore -- DIR [--key-file master.key]');
    return 2;
  }
  const config = loadConfig();
  const dataDir = path.resolve(config.DATA_DIR);
  const manifest = await restoreBackup({
    config,
    dataDir,
    dir: path.resolve(source),
    keyFile: values['key-file'] ? path.resolve(values['key-file']) : undefined,
  });
  const c = manifest.counts;
  console.log(
    `Restored the backup of ${manifest.createdAt} into ${dataDir}${config.DATABASE_URL ? ` and PostgreSQL schema "${manifest.database.schema}"` : ''}: ` +
      `${c.users} users, ${c.purchases} purchases, ${c.receipts} receipts, ${c.receiptFiles} receipt files. Start the server on it with the same keys.`,
  );
  return 0;
}

exitWhenDone(main(), 'Restore refused');
