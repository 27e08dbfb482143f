import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeBackup } from '../backup/backup';
import { loadConfig } from '../config';
import { exitWhenDone } from './backup-exit';

/**
 * `npm run backup -- DIR [--include-key]`: a consistent backup of the database, the receipt files (as
 * stored: encrypted) and the key check into the new or empty folder DIR, while the server may run. The
 * master key is left out unless `--include-key`: keep it apart from the backup.
 */
async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'include-key': { type: 'boolean', default: false } },
  });
  const [target, ...extra] = positionals;
  if (!target || extra.length > 0) {
    console.error('Usage: npm run backup -- DIR [--include-key]  (DIR: a new or empty folder)');
    return 2;
  }
  const config = loadConfig();
  const dataDir = path.resolve(config.DATA_DIR);
  const dir = path.resolve(target);
  const { manifest, missing, keyFiles } = await writeBackup({
    config,
    dataDir,
    dir,
    includeKey: values['include-key'],
  });
  const c = manifest.counts;
  console.log(
    `Backed up ${manifest.dialect === 'postgres' ? `PostgreSQL schema "${manifest.database.schema}"` : 'the SQLite database'} ` +
      `(${c.users} users, ${c.purchases} purchases, ${c.receipts} receipts) and ${c.receiptFiles} receipt files into ${dir}.`,
  );
  if (missing.length > 0) {
    console.log(
      `${missing.length} receipts were deleted while the backup ran: the copied database still names them, ` +
        'but their files are gone. Run the backup again for a copy without them.',
    );
  }
  const secretKeyed = config.APP_SECRET !== undefined;
  if (keyFiles.length > 0) {
    console.log(
      `The master key is in the backup (${keyFiles.join(', ')}): anyone holding the backup can read the receipts.`,
    );
  } else if (secretKeyed) {
    console.log(
      'The data is sealed under APP_SECRET, which lives in your environment, not in DATA_DIR: keep it, apart from the backup; restoring needs it.',
    );
  } else {
    console.log(
      `The master key is not in the backup: keep ${path.join(dataDir, 'master.key')} apart from it; restoring needs it (--key-file).`,
    );
  }
  if (values['include-key'] && keyFiles.length === 0 && secretKeyed) {
    console.log('--include-key: there is no key file to include, the key is APP_SECRET.');
  }
  return 0;
}

exitWhenDone(main(), 'Backup failed');
