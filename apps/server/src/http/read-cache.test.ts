import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache';

describe('the read cache', () => {
  const body = (size: number) => ({ text: 'x'.repeat(size) });

  it('keeps a body once, and makes it once for concurrent misses', async () => {
    const cache = createReadCache(1024 * 1024);
    let made = 0;
    const produce = async () => {
      made += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return body(10);
    };
    const [a, b] = await Promise.all([cache.body('k', produce), cache.body('k', produce)]);
    expect(a).toBe(b);
    expect((await cache.body('k', produce)).identity.toString()).toBe(JSON.stringify(body(10)));
    expect(made).toBe(1);
  });

  it('counts encodings against the cap and drops the least recently used entries', async () => {
    const cache = createReadCache(100_000);
    for (const key of ['a', 'b', 'c']) await cache.body(key, async () => body(30_000));
    expect(cache.stats().entries).toBe(3);
    await cache.body('a', async () => body(1)); // a is now the most recently used
    await cache.body('d', async () => body(30_000));
    let remade = false;
    await cache.body('b', async () => {
      remade = true;
      return body(30_000);
    });
    expect(remade).toBe(true);
    expect(cache.stats().bytes).toBeLessThanOrEqual(100_000);
    const entry = await cache.body('a', async () => body(1));
    const br = await cache.encoded('a', entry, 'br');
    expect(br.length).toBeLessThan(entry.identity.length);
    expect(await cache.encoded('a', entry, 'br')).toBe(br);
  });

  it('keeps nothing with a cap of 0', async () => {
    const cache = createReadCache(0);
    let made = 0;
    for (let i = 0; i < 3; i++) await cache.body('k', async () => ({ made: ++made }));
    expect(made).toBe(3);
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
  });

  it('keeps small bodies and their encodings in memory of their own, not in slices of shared slabs', async () => {
    const cache = createReadCache(1024 * 1024);
    const entry = await cache.body('k', async () => ({ short: 'answer' }));
    expect(entry.identity.toString()).toBe('{"short":"answer"}');
    // A slice of Node's shared pool would keep its whole 8 KB slab alive for as long as it is cached.
    expect(entry.identity.buffer.byteLength).toBe(entry.identity.byteLength);
    const gzip = await cache.encoded('k', entry, 'gzip');
    expect(gzip.buffer.byteLength).toBe(gzip.byteLength);
  });

  it("drops an owner's entries of an earlier generation as soon as a later one is asked for", async () => {
    const cache = createReadCache(1024 * 1024);
    const v1 = { id: 'user-a', generation: 'v1' };
    await cache.body('v1 /list', async () => ['old list'], v1);
    await cache.body('v1 /totals', async () => ({ total: 1 }), v1);
    await cache.body('w1 /list', async () => ['other user'], { id: 'user-b', generation: 'w1' });
    expect(cache.stats().entries).toBe(3);

    const v2 = { id: 'user-a', generation: 'v2' };
    const fresh = await cache.body('v2 /list', async () => ['new list'], v2);
    expect(fresh.identity.toString()).toBe('["new list"]');
    // user-a's two old answers are gone; user-b's stays.
    expect(cache.stats().entries).toBe(2);
    let made = 0;
    await cache.body('w1 /list', async () => {
      made++;
      return [];
    });
    expect(made).toBe(0);
  });

  it('answers but does not keep a body whose generation was superseded while it was made', async () => {
    const cache = createReadCache(1024 * 1024);
    let finish: (value: unknown) => void = () => undefined;
    const slow = cache.body('v1 /list', () => new Promise((resolve) => (finish = resolve)), {
      id: 'u',
      generation: 'v1',
    });
    await cache.body('v2 /list', async () => ['new'], { id: 'u', generation: 'v2' });
    finish(['old']);
    expect((await slow).identity.toString()).toBe('["old"]');
    expect(cache.stats().entries).toBe(1);
  });
});
