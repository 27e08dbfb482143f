import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputOverLimit } from '../src/errors';
import { createHandoff } from '../src/modules/receipts/reader/handoff';

/** A body arriving in pieces, as a provider's answer streams in; `fail` breaks it off after them. */
async function* arriving(pieces: string[], fail?: Error): AsyncIterable<Uint8Array> {
  for (const piece of pieces) {
    await new Promise((r) => setImmediate(r));
    yield Buffer.from(piece);
  }
  if (fail) throw fail;
}

const filesIn = (where: string) => readdirSync(where).flatMap((dir) => readdirSync(path.join(where, dir)));

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
    // An upload that arrived in chunks is written as one file, without being gathered first.
    const chunked = await handoff.hand([Buffer.from('%PDF-1.7 '), Buffer.from('a receipt')]);
    if (!('file' in chunked)) throw new Error('expected a file');
    expect(readFileSync(chunked.file)).toEqual(bytes);
    handoff.release(chunked);
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

  it('writes a body as it arrives, and refuses one over its limit or broken off, leaving no file', async () => {
    const where = root();
    const handoff = createHandoff(where);
    const limits = { maxBytes: 100, overLimit: 'The message is larger than 100 bytes' };
    const whole = await handoff.hand({ body: arriving(['{"raw":', '"aGk"}']), ...limits });
    if (!('file' in whole)) throw new Error('expected a file');
    expect(readFileSync(whole.file, 'utf8')).toBe('{"raw":"aGk"}');
    handoff.release(whole);
    await settle();

    const big = handoff.hand({ body: arriving(['x'.repeat(60), 'y'.repeat(60)]), ...limits });
    await expect(big).rejects.toBeInstanceOf(InputOverLimit);
    await expect(big).rejects.toThrow('The message is larger than 100 bytes');
    const dropped = new Error('socket hang up');
    const broken = handoff.hand({ body: arriving(['partial'], dropped), ...limits });
    await expect(broken).rejects.toBe(dropped);
    expect(filesIn(where)).toEqual([]);
    handoff.close();
  });

  it('hands the bytes themselves where there is no folder for them', async () => {
    const handoff = createHandoff(path.join(os.tmpdir(), 'no-such-folder-for-warrantly'));
    const bytes = Buffer.from('an e-mail');
    expect(await handoff.hand(bytes)).toEqual({ bytes });
    expect(
      await handoff.hand({ body: arriving(['an ', 'e-mail']), maxBytes: 100, overLimit: 'too large' }),
    ).toEqual({ bytes });
    expect(readdirSync(os.tmpdir()).includes('no-such-folder-for-warrantly')).toBe(false);
  });
});
