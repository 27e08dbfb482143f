import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { seal } from './envelope';
import { loadKeys, openKeys, readKeyCheck, rotationPending } from './keys';

const SECRET_A = 'a'.repeat(40);
const SECRET_B = 'b'.repeat(40);
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const folder = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'warrantly-keys-'));
  dirs.push(dir);
  return dir;
};
const nothingSealed = async () => null;
const open = (dataDir: string, env: { appSecret?: string; previousSecret?: string } = {}) =>
  openKeys({ dataDir, ...env, sealedSample: nothingSealed });

describe('the start-up key check', () => {
  it('generates a key for a new data folder and records a check value, never the key', async () => {
    const dataDir = folder();
    const keys = await open(dataDir);
    const keyFile = path.join(dataDir, 'master.key');
    const checkFile = path.join(dataDir, 'keycheck.json');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(statSync(checkFile).mode & 0o777).toBe(0o600);
    const check = readFileSync(checkFile, 'utf8');
    expect(check).not.toContain(readFileSync(keyFile, 'utf8').trim());
    expect(readKeyCheck(dataDir)).toEqual([
      { id: keys.encryption.currentId, source: 'master.key', check: expect.any(String) },
    ]);
    expect((await open(dataDir)).encryption.currentId).toBe(keys.encryption.currentId);
  });

  it('refuses a changed APP_SECRET and says to start with the previous one', async () => {
    const dataDir = folder();
    await open(dataDir, { appSecret: SECRET_A });
    const before = readFileSync(path.join(dataDir, 'keycheck.json'), 'utf8');
    await expect(open(dataDir, { appSecret: SECRET_B })).rejects.toThrow(
      /^APP_SECRET has changed: .* Start again with the previous APP_SECRET\./,
    );
    await expect(open(dataDir)).rejects.toThrow(/^APP_SECRET is not set, but the data .* an APP_SECRET/);
    expect(readFileSync(path.join(dataDir, 'keycheck.json'), 'utf8')).toBe(before);
    expect(existsSync(path.join(dataDir, 'master.key'))).toBe(false);
  });

  it('accepts a new APP_SECRET while the old one is given as APP_SECRET_PREVIOUS: a rotation begins', async () => {
    const dataDir = folder();
    const old = await open(dataDir, { appSecret: SECRET_A });
    const keys = await open(dataDir, { appSecret: SECRET_B, previousSecret: SECRET_A });
    expect(keys.encryption.byId.has(old.encryption.currentId)).toBe(true);
    expect(rotationPending(dataDir, keys)).toEqual([old.encryption.currentId]);
    // Until the rotation finishes, the old secret is still needed.
    await expect(open(dataDir, { appSecret: SECRET_B })).rejects.toThrow(/APP_SECRET has changed/);
  });

  it('refuses a lost or replaced master.key instead of making a new one', async () => {
    const dataDir = folder();
    await open(dataDir);
    const keyFile = path.join(dataDir, 'master.key');
    renameSync(keyFile, `${keyFile}.saved`);
    await expect(open(dataDir)).rejects.toThrow(
      /master\.key is missing: .* Restore master\.key from your backup/,
    );
    expect(existsSync(keyFile)).toBe(false);
    writeFileSync(keyFile, `${Buffer.alloc(32, 7).toString('base64')}\n`);
    await expect(open(dataDir)).rejects.toThrow(
      /master\.key was replaced: .* Restore the previous master\.key/,
    );
    await expect(open(dataDir, { appSecret: SECRET_A })).rejects.toThrow(/^APP_SECRET is set, but the data/);
    renameSync(`${keyFile}.saved`, keyFile);
    await expect(open(dataDir)).resolves.toBeDefined();
  });

  it('checks a data folder from before key checks against something it already sealed', async () => {
    const dataDir = folder();
    const made = loadKeys(dataDir, SECRET_A);
    const sample = seal(Buffer.from('receipt'), made.encryption, 'receipts/u/1');
    const withSample = (appSecret?: string) =>
      openKeys({ dataDir, ...(appSecret ? { appSecret } : {}), sealedSample: async () => sample });
    await expect(withSample(SECRET_B)).rejects.toThrow(/cannot be opened with this APP_SECRET/);
    await expect(withSample()).rejects.toThrow(/master\.key is missing, but .* holds encrypted receipts/);
    expect(existsSync(path.join(dataDir, 'master.key'))).toBe(false);
    expect(readKeyCheck(dataDir)).toBeNull();
    const keys = await withSample(SECRET_A);
    expect(readKeyCheck(dataDir)?.map((e) => e.id)).toEqual([keys.encryption.currentId]);
  });
});
