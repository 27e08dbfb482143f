import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The server's secrets, all derived from one master key so that rotating it is one decision. */
export interface Keys {
  /** Wraps the per-file data keys of receipt files and seals provider tokens. */
  encryption: Buffer;
  /** Signs the app's access JWTs and the sign-in state cookie. */
  signing: Buffer;
}

/**
 * The master key comes from APP_SECRET when set, else from DATA_DIR/master.key, generated once with mode 0600.
 * Losing that file makes stored receipts and provider tokens unreadable, so it is never regenerated silently.
 */
export function loadKeys(dataDir: string, appSecret?: string): Keys {
  const master = appSecret ? createHash('sha256').update(appSecret).digest() : readOrCreateKeyFile(dataDir);
  const derive = (label: string) => Buffer.from(hkdfSync('sha256', master, 'warrantly', label, 32));
  return { encryption: derive('encryption-v1'), signing: derive('signing-v1') };
}

function readOrCreateKeyFile(dataDir: string): Buffer {
  const file = path.join(dataDir, 'master.key');
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
    return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}
