import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHandoff } from '../src/modules/documents/handoff';

const root = () => mkdtempSync(path.join(os.tmpdir(), 'warrantly-handoff-'));
const settle = () => new Promise((r) => setTimeout(r, 50));

describe('documents handed to the readers', () => {
  it('are written to a private file that is gone once released, and the folder with close', async () => {
    const where = root();
    const handoff = createHandoff(where);
    const bytes = Buffer.from('%PDF-1.7 a receipt');
    const handed = await handoff.hand(bytes);
    if (!('file' in handed)) throw new Error('expected a file');
    expect(readFileSync(handed.file)).toEqual(bytes);
    expect(statSync(handed.file).mode & 0o777).toBe(0o600);
    const folder = path.dirname(handed.file);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    handoff.release(handed);
    await settle();
    expect(existsSync(handed.file)).toBe(false);
    handoff.close();
    expect(existsSync(folder)).toBe(false);
  });

  it("removes what a server that died left behind, and keeps a live server's folder", async () => {
    const where = root();
    const dead = path.join(where, 'warrantly-readers-2147483646-abc123');
    const live = path.join(where, `warrantly-readers-${process.ppid}-def456`);
    mkdirSync(dead);
    mkdirSync(live);
    const handoff = createHandoff(where);
    await handoff.hand(Buffer.from('x'));
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
    handoff.close();
  });

  it('hands the bytes themselves where there is no folder for them', async () => {
    const handoff = createHandoff(path.join(os.tmpdir(), 'no-such-folder-for-warrantly'));
    const bytes = Buffer.from('an e-mail');
    expect(await handoff.hand(bytes)).toEqual({ bytes });
    expect(readdirSync(os.tmpdir()).includes('no-such-folder-for-warrantly')).toBe(false);
  });
});
