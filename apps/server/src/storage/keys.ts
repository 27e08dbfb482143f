import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type EncryptionKeys, opensWith } from './envelope';
import { writePrivateFileAtomic } from './private-files';

/** The server's secrets, all derived from master keys so that rotating one is one decision. */
export interface Keys {
  /** Wraps the per-object data keys of receipt files, provider tokens and document text. */
  encryption: EncryptionKeys;
  /** Signs the app's access JWTs and the sign-in state cookie (current master key only). */
  signing: Buffer;
}

/** Where a master key came from, in the words of the configuration (start-up messages name it). */
type KeySource = 'APP_SECRET' | 'master.key';

interface MasterKey {
  id: string;
  secret: Buffer;
  source: KeySource;
}

/** One key the data folder's contents may be sealed under: its id and a check value, never the key. */
export interface KeyCheckEntry {
  id: string;
  source: KeySource;
  check: string;
}

const KEY_FILE = 'master.key';
/** Keys being rotated away from: `master-<id>.key`, readable until `rotate-key` has finished. */
const KEYRING_DIR = 'keys';
const KEY_CHECK_FILE = 'keycheck.json';

/** A failed key check: the message says what changed and what to do. */
export class KeyCheckError extends Error {
  override name = 'KeyCheckError';
}

const derive = (master: Buffer, label: string) =>
  Buffer.from(hkdfSync('sha256', master, 'warrantly', label, 32));

/** A master key's public name: derived from the key, so it says nothing about it. */
export function keyIdOf(master: Buffer): string {
  return derive(master, 'key-id-v1').subarray(0, 8).toString('hex');
}

function checkValue(master: Buffer): string {
  return createHmac('sha256', derive(master, 'key-check-v1'))
    .update('warrantly key check')
    .digest('base64url');
}

function fromSecret(secret: string): MasterKey {
  const key = createHash('sha256').update(secret).digest();
  return { id: keyIdOf(key), secret: key, source: 'APP_SECRET' };
}

function readKeyFile(file: string): MasterKey {
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new KeyCheckError(`${file} does not hold a 32-byte base64 key`);
  return { id: keyIdOf(key), secret: key, source: KEY_FILE };
}

/** The current master key (null: DATA_DIR/master.key absent and no APP_SECRET) and every key still held. */
function masterKeys(dataDir: string, appSecret?: string, previousSecret?: string) {
  const keyFile = path.join(dataDir, KEY_FILE);
  const current = appSecret ? fromSecret(appSecret) : existsSync(keyFile) ? readKeyFile(keyFile) : null;
  const previous = previousSecret ? [fromSecret(previousSecret)] : [];
  const ringDir = path.join(dataDir, KEYRING_DIR);
  if (existsSync(ringDir)) {
    for (const name of readdirSync(ringDir).sort()) {
      if (/^master-[0-9a-f]{16}\.key$/.test(name)) previous.push(readKeyFile(path.join(ringDir, name)));
    }
  }
  return { current, held: current ? [current, ...previous] : previous };
}

function toKeys(current: MasterKey, held: MasterKey[]): Keys {
  const byId = new Map<string, Buffer>();
  for (const key of held) if (!byId.has(key.id)) byId.set(key.id, derive(key.secret, 'encryption-v1'));
  return { encryption: { currentId: current.id, byId }, signing: derive(current.secret, 'signing-v1') };
}

function createKeyFile(dataDir: string): MasterKey {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  writePrivateFileAtomic(path.join(dataDir, KEY_FILE), `${key.toString('base64')}\n`);
  return { id: keyIdOf(key), secret: key, source: KEY_FILE };
}

/**
 * The keys without the start-up check (tests, benchmarks): APP_SECRET when set, else DATA_DIR/master.key,
 * generated when absent. The server uses `openKeys`.
 */
export function loadKeys(dataDir: string, appSecret?: string): Keys {
  const { current, held } = masterKeys(dataDir, appSecret);
  const key = current ?? createKeyFile(dataDir);
  return toKeys(key, current ? held : [key, ...held]);
}

/** The keys the data folder records its contents as sealed under; null before the first start. */
export function readKeyCheck(dataDir: string): KeyCheckEntry[] | null {
  const file = path.join(dataDir, KEY_CHECK_FILE);
  if (!existsSync(file)) return null;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { keys?: KeyCheckEntry[] };
  if (!Array.isArray(parsed.keys)) throw new KeyCheckError(`${file} is not a Warrantly key check file`);
  return parsed.keys;
}

function writeKeyCheck(dataDir: string, entries: KeyCheckEntry[]): void {
  const body = { version: 1, keys: entries };
  writePrivateFileAtomic(path.join(dataDir, KEY_CHECK_FILE), `${JSON.stringify(body, null, 2)}\n`);
}

const entryOf = (key: MasterKey): KeyCheckEntry => ({
  id: key.id,
  source: key.source,
  check: checkValue(key.secret),
});

function matches(entry: KeyCheckEntry, key: MasterKey): boolean {
  const expected = Buffer.from(entry.check);
  const actual = Buffer.from(checkValue(key.secret));
  return entry.id === key.id && expected.length === actual.length && timingSafeEqual(expected, actual);
}

export interface OpenKeysOptions {
  dataDir: string;
  appSecret?: string | undefined;
  /** The secret being rotated away from (APP_SECRET_PREVIOUS). */
  previousSecret?: string | undefined;
  /** Any one sealed object already stored (a receipt file, a provider token), or null: a data folder
   * made before key checks existed is checked against it once. */
  sealedSample: () => Promise<Uint8Array | null>;
}

/**
 * The start-up key check. Every key the data folder's key check file names must be held, or start-up stops
 * with a message saying what changed; a master key is generated only for a data folder holding nothing
 * sealed. The current key is then recorded, so data sealed under it is checked from now on.
 */
export async function openKeys(options: OpenKeysOptions): Promise<Keys> {
  const { dataDir } = options;
  const { current, held } = masterKeys(dataDir, options.appSecret, options.previousSecret);
  const found = readKeyCheck(dataDir);
  const recorded = found ?? [];
  for (const entry of recorded) {
    if (!held.some((key) => matches(entry, key))) throw new KeyCheckError(mismatch(dataDir, entry, current));
  }
  const first = recorded[0];
  if (!current && first) throw new KeyCheckError(mismatch(dataDir, first, null));
  if (!found) {
    const sample = await options.sealedSample();
    if (sample) {
      if (!current) throw new KeyCheckError(missingKeyFile(dataDir));
      const opener = held.find((key) => opensWith(sample, toKeys(key, [key]).encryption));
      if (!opener) throw new KeyCheckError(unknownKey(dataDir, current));
      recorded.push(entryOf(opener));
    }
  }
  const key = current ?? createKeyFile(dataDir);
  if (!found || !recorded.some((entry) => entry.id === key.id)) {
    writeKeyCheck(dataDir, [...recorded.filter((entry) => entry.id !== key.id), entryOf(key)]);
  }
  return toKeys(key, current ? held : [key, ...held]);
}

/** The keys the key check names besides the current one: some while a rotation has begun and not finished. */
export function rotationPending(dataDir: string, keys: Keys): string[] {
  return (readKeyCheck(dataDir) ?? []).map((e) => e.id).filter((id) => id !== keys.encryption.currentId);
}

/**
 * Starts a rotation of a generated master key: the current DATA_DIR/master.key is kept readable as
 * keys/master-<id>.key, and a new master.key takes its place. Answers the retired key's file.
 */
export function beginKeyFileRotation(dataDir: string): string {
  const keyFile = path.join(dataDir, KEY_FILE);
  const old = readKeyFile(keyFile);
  const ringDir = path.join(dataDir, KEYRING_DIR);
  mkdirSync(ringDir, { recursive: true, mode: 0o700 });
  const retired = retiredKeyFile(dataDir, old.id);
  writePrivateFileAtomic(retired, `${old.secret.toString('base64')}\n`);
  writePrivateFileAtomic(keyFile, `${randomBytes(32).toString('base64')}\n`);
  return retired;
}

/** Where a key being rotated away from is kept, when it came from a file. */
export function retiredKeyFile(dataDir: string, id: string): string {
  return path.join(dataDir, KEYRING_DIR, `master-${id}.key`);
}

/** Ends a rotation: from now on the data folder is checked against the current key alone. */
export function finishRotation(dataDir: string, keys: Keys): void {
  const entries = (readKeyCheck(dataDir) ?? []).filter((e) => e.id === keys.encryption.currentId);
  writeKeyCheck(dataDir, entries);
}

/** The keys a restore is given: APP_SECRET (and the one being rotated from) and master key files. */
export interface OfferedKeys {
  appSecret?: string | undefined;
  previousSecret?: string | undefined;
  keyFiles: string[];
}

/**
 * Throws a KeyCheckError saying which key is missing unless `offered` holds every key a backup's key check
 * names: a restore checks this before it writes anything.
 */
export function checkOfferedKeys(entries: KeyCheckEntry[], offered: OfferedKeys): void {
  const secrets = [offered.appSecret, offered.previousSecret].flatMap((s) => (s ? [fromSecret(s)] : []));
  const files = offered.keyFiles.map((file) => ({ file, key: readKeyFile(file) }));
  const held = [...secrets, ...files.map((f) => f.key)];
  const missing = entries.find((entry) => !held.some((key) => matches(entry, key)));
  if (!missing) return;
  const kept = 'the one kept apart from the backup';
  if (missing.source === 'APP_SECRET') {
    const given = secrets.map((k) => k.id).join(', ');
    throw new KeyCheckError(
      given
        ? `APP_SECRET does not open this backup: its data is sealed under an APP_SECRET with key ${missing.id}, and the APP_SECRET given is key ${given}. Set APP_SECRET to the secret the data was made with (${kept}).`
        : `APP_SECRET is not set, but this backup's data is sealed under an APP_SECRET (key ${missing.id}). Set APP_SECRET to the secret the data was made with (${kept}).`,
    );
  }
  const given = files.map((f) => `${f.file} holds key ${f.key.id}`).join('; ');
  throw new KeyCheckError(
    given
      ? `The key files given do not open this backup (${given}): its data is sealed under a generated master.key with key ${missing.id}. Pass --key-file with that master.key (${kept}).`
      : `This backup does not include its master key: its data is sealed under a generated master.key (key ${missing.id}). Pass --key-file with that master.key (${kept}), or restore a backup made with --include-key.`,
  );
}

const AFTER = 'Nothing was changed; see "Rotating the master key" in the README to change keys on purpose.';

function mismatch(dataDir: string, entry: KeyCheckEntry, current: MasterKey | null): string {
  const data = `the data in ${dataDir} was sealed under`;
  const keyFile = path.join(dataDir, KEY_FILE);
  if (entry.source === 'APP_SECRET') {
    if (current?.source === 'APP_SECRET') {
      return `APP_SECRET has changed: ${data} a different APP_SECRET (key ${entry.id}; this one is key ${current.id}). Start again with the previous APP_SECRET. ${AFTER}`;
    }
    return `APP_SECRET is not set, but ${data} an APP_SECRET (key ${entry.id}). Set APP_SECRET to the value this data was made with. ${AFTER}`;
  }
  if (!current) {
    return `${keyFile} is missing: ${data} the key that file held (key ${entry.id}), and a new key cannot open it. Restore master.key from your backup. ${AFTER}`;
  }
  if (current.source === 'APP_SECRET') {
    return `APP_SECRET is set, but ${data} ${keyFile} (key ${entry.id}), not this secret. Unset APP_SECRET to go on with master.key (restore it from your backup if it is gone). ${AFTER}`;
  }
  return `${keyFile} was replaced: ${data} another key (key ${entry.id}; this file holds key ${current.id}). Restore the previous master.key from your backup. ${AFTER}`;
}

function missingKeyFile(dataDir: string): string {
  return `${path.join(dataDir, KEY_FILE)} is missing, but ${dataDir} holds encrypted receipts or tokens sealed under it. Restore master.key from your backup (or set APP_SECRET if the data was made with one). ${AFTER}`;
}

function unknownKey(dataDir: string, current: MasterKey): string {
  const which = current.source === 'APP_SECRET' ? 'this APP_SECRET' : path.join(dataDir, KEY_FILE);
  return `The data in ${dataDir} cannot be opened with ${which} (key ${current.id}): it was sealed under another key. Start again with the APP_SECRET or master.key it was made with. ${AFTER}`;
}
