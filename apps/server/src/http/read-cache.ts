import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { isoDate } from '../dates';
import { compress, type Encoding, MIN_COMPRESSED_BYTES, negotiate } from './compression';
import { dataEtag, isFresh, PER_USER_CACHE_HEADERS } from './etag';
import type { FixedHeaders } from './security-headers';

/** One stored answer: its JSON bytes and, once a client asked for them, their brotli and gzip encodings. */
interface Entry {
  identity: Buffer;
  /** The same JSON as text when short: Node writes a short text body with its headers in one write. */
  text?: string;
  br?: Buffer;
  gzip?: Buffer;
  /** Its whole header block per encoding answered, as Node's raw name/value list, made on first use. */
  heads?: Partial<Record<Encoding, string[]>>;
  /** A short encoding's bytes as a latin1 string, written with the headers in one write (see TEXT_BYTES). */
  latin1?: Partial<Record<'br' | 'gzip', string>>;
}

/** Whose an entry is (a user) and of which generation of their data (its ETag). */
export interface Owner {
  id: string;
  generation: string;
}

export interface ReadCache {
  /**
   * The body stored under `key`, else `produce`'s serialised and stored; concurrent misses produce once.
   * With `owner`, the owner's entries of an earlier generation (their data's ETag) are dropped at once.
   */
  body(key: string, produce: () => Promise<unknown>, owner?: Owner): Promise<Entry>;
  /** The body stored under `key` if there is one, at once; `owner` as for `body`. */
  peek(key: string, owner?: Owner): Entry | undefined;
  /** `entry` in `encoding`, compressed once and kept with it. */
  encoded(key: string, entry: Entry, encoding: 'br' | 'gzip'): Promise<Buffer>;
  /** Entries and bytes held (tests and benchmarks read it). */
  stats(): { entries: number; bytes: number };
}

const sizeOf = (entry: Entry) =>
  entry.identity.length * (entry.text === undefined ? 1 : 2) +
  (entry.br?.length ?? 0) +
  (entry.gzip?.length ?? 0) +
  (entry.latin1?.br?.length ?? 0) +
  (entry.latin1?.gzip?.length ?? 0) +
  600;

/**
 * Up to this size a body is also kept as text (see Entry.text, Entry.latin1): Node writes a text body with
 * its headers in one write, and a buffer in a second one beside them; beyond, copying it would cost more.
 */
const TEXT_BYTES = 16 * 1024;

function entryOf(value: unknown): Entry {
  const text = JSON.stringify(value);
  const identity = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  identity.write(text);
  return identity.length <= TEXT_BYTES ? { identity, text } : { identity };
}

/**
 * `bytes` in memory of its own. Node hands out buffers under 4 KB as slices of shared 8 KB slabs, and a
 * kept slice keeps its whole slab alive: a cache of small answers held that way costs up to eight times
 * the bytes it counts (seen in the soak of bench:load). What the cache keeps is allocated on its own.
 */
function ownMemory(bytes: Buffer): Buffer {
  if (bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const copy = Buffer.allocUnsafeSlow(bytes.byteLength);
  bytes.copy(copy);
  return copy;
}

/**
 * A byte-capped LRU of serialised answers. The key holds the data ETag (user, data version, day) and the
 * request's path and query, so an entry is never stale: a change moves the version, and the old entries
 * are simply never asked for again until the LRU drops them. `maxBytes` 0 keeps nothing.
 */
export function createReadCache(maxBytes: number): ReadCache {
  // Each owner's keys under their current generation. When it moves, their older entries can never be asked
  // for again: they go at once, so the cache holds what is live instead of filling to its cap with the past.
  const generations = new Map<string, { generation: string; keys: Set<string> }>();
  const ownerOf = new Map<string, string>();
  const forget = (key: string) => {
    const id = ownerOf.get(key);
    if (id === undefined) return;
    ownerOf.delete(key);
    const current = generations.get(id);
    current?.keys.delete(key);
    if (current?.keys.size === 0) generations.delete(id);
  };
  const lru =
    maxBytes > 0
      ? new LRUCache<string, Entry>({
          maxSize: maxBytes,
          sizeCalculation: sizeOf,
          // Not when an entry is stored again with its new encoding ('set'): it stays the owner's.
          dispose: (_entry, key, reason) => reason !== 'set' && forget(key),
        })
      : null;
  const producing = new Map<string, Promise<Entry>>();
  const encoding = new Map<string, Promise<Buffer>>();

  /** Makes `owner.generation` the owner's current one, dropping the entries of the one before. */
  function moveTo(owner: Owner): void {
    const current = generations.get(owner.id);
    if (!current || current.generation === owner.generation) return;
    generations.delete(owner.id);
    for (const key of current.keys) {
      ownerOf.delete(key);
      lru?.delete(key);
    }
  }

  return {
    peek(key, owner) {
      if (owner) moveTo(owner);
      return lru?.get(key);
    },
    async body(key, produce, owner) {
      if (owner) moveTo(owner);
      const hit = lru?.get(key);
      if (hit) return hit;
      const running = producing.get(key);
      if (running) return running;
      const made = (async () => entryOf(await produce()))();
      producing.set(key, made);
      try {
        const entry = await made;
        const current = owner && generations.get(owner.id);
        // An answer of a generation superseded while it was made is answered, not kept.
        if (lru && !(owner && current && current.generation !== owner.generation)) {
          lru.set(key, entry);
          if (owner) {
            if (current) current.keys.add(key);
            else generations.set(owner.id, { generation: owner.generation, keys: new Set([key]) });
            ownerOf.set(key, owner.id);
          }
        }
        return entry;
      } finally {
        producing.delete(key);
      }
    },
    async encoded(key, entry, to) {
      const done = entry[to];
      if (done) return done;
      const id = `${to} ${key}`;
      let running = encoding.get(id);
      if (!running) {
        running = compress(entry.identity, to).then(ownMemory);
        encoding.set(id, running);
      }
      try {
        const bytes = await running;
        entry[to] = bytes;
        // Stored again so the LRU counts the new bytes (and may drop older entries for them).
        if (lru?.has(key)) lru.set(key, entry);
        return bytes;
      } finally {
        encoding.delete(id);
      }
    },
    stats: () => ({ entries: lru?.size ?? 0, bytes: lru?.calculatedSize ?? 0 }),
  };
}

const CACHE_HEADERS = Object.entries(PER_USER_CACHE_HEADERS).flat();

/**
 * A read whose answer is a pure function of the user's data version and the day (the purchases list and
 * pages, the totals, the receipts, the main products): answered 304 when the client has it, else from
 * the cache in the encoding the client accepts, else produced, stored and answered. These are the hottest
 * reads of an open dashboard: when the version and the answer in its encoding are already in memory, the
 * answer is sent before the call returns, with no promise made. Otherwise the call returns a promise that
 * settles once the answer is sent (a route handler returns it as it is).
 *
 * The answer is written to Node's response directly, its header block made once per stored answer and
 * encoding (`fixed`, the ETag, the cache headers, type, encoding and length), as a bare server would: the
 * framework's send path (header objects, onSend hooks, length) cost a small answer a fifth of its time.
 * Fastify still runs the route's onRequest and onResponse hooks (the guard, the request log); onSend hooks
 * do not see these answers, which is why the security headers come in as `fixed`.
 */
export type VersionedRead<V> = (
  req: FastifyRequest,
  reply: FastifyReply,
  produce: (version: V, now: Date) => Promise<unknown>,
) => undefined | Promise<void>;

export interface VersionedReads<V> {
  read: VersionedRead<V>;
  /**
   * Answers a request from memory alone, before any framework object exists for it: when `userId`'s
   * answer to this URL, in the encoding asked for, is stored under `version` as of `at` (only a versioned
   * read stores one, so the URL is one), it is written, or a 304 when the client has it, and the status
   * returned. Else nothing is written and undefined returned: the route answers it.
   */
  fromMemory(
    req: IncomingMessage,
    res: ServerResponse,
    userId: string,
    version: V,
    at: Date,
  ): number | undefined;
}

/** Writes a whole answer on Node's response, past any framework's send path. */
function writeWhole(
  res: ServerResponse,
  status: number,
  heads: string[],
  body?: string | Buffer,
  encoding: BufferEncoding = 'utf8',
): void {
  res.writeHead(status, heads);
  res.end(body, encoding);
}

/** The 304 of a versioned read: its ETag and cache headers, no body. */
function writeNotModified(res: ServerResponse, etag: string): void {
  writeWhole(res, 304, ['etag', etag, ...CACHE_HEADERS]);
}

/** `bytes` (an encoding of `entry`) as a latin1 string when short, made once. */
function latin1Of(entry: Entry, encoding: 'br' | 'gzip', bytes: Buffer): string | undefined {
  if (bytes.length > TEXT_BYTES) return undefined;
  entry.latin1 ??= {};
  entry.latin1[encoding] ??= bytes.toString('latin1');
  return entry.latin1[encoding];
}

/** Versioned reads for versions `versionOf` gives (it runs once per request, 304s included). */
export function createVersionedRead<V extends { version: number }>(
  cache: ReadCache,
  versionOf: (userId: string) => V | Promise<V>,
  now: () => Date,
  fixed: FixedHeaders,
): VersionedReads<V> {
  const fixedFlat = fixed.flat();
  // The tag of a version remembered in memory (SQLite) is hashed once a day, not on every request.
  const tags = new WeakMap<V, { day: string; etag: string }>();
  const etagOf = (userId: string, version: V, day: string) => {
    const known = tags.get(version);
    if (known?.day === day) return known.etag;
    const etag = dataEtag(userId, version.version, day);
    tags.set(version, { day, etag });
    return etag;
  };
  const headsOf = (entry: Entry, etag: string, encoding: Encoding, length: number) => {
    entry.heads ??= {};
    let heads = entry.heads[encoding];
    if (!heads) {
      heads = [
        ...fixedFlat,
        'etag',
        etag,
        ...CACHE_HEADERS,
        'content-type',
        'application/json; charset=utf-8',
      ];
      if (encoding !== 'identity') heads.push('content-encoding', encoding);
      heads.push('content-length', String(length));
      entry.heads[encoding] = heads;
    }
    return heads;
  };
  const encodingFor = (req: IncomingMessage, entry: Entry): Encoding =>
    entry.identity.length < MIN_COMPRESSED_BYTES ? 'identity' : negotiate(req.headers['accept-encoding']);
  /** Writes `entry` in `encoding`, whose bytes are ready. */
  const write = (res: ServerResponse, etag: string, entry: Entry, encoding: Encoding, bytes: Buffer) => {
    const heads = headsOf(entry, etag, encoding, bytes.length);
    const text = encoding === 'identity' ? entry.text : latin1Of(entry, encoding, bytes);
    if (text === undefined) writeWhole(res, 200, heads, bytes);
    else writeWhole(res, 200, heads, text, encoding === 'identity' ? 'utf8' : 'latin1');
  };
  const send = (req: FastifyRequest, reply: FastifyReply, key: string, etag: string, entry: Entry) => {
    const encoding = encodingFor(req.raw, entry);
    const finish = (bytes: Buffer) => {
      reply.hijack();
      write(reply.raw, etag, entry, encoding, bytes);
    };
    const ready = encoding === 'identity' ? entry.identity : entry[encoding];
    if (ready) {
      finish(ready);
      return;
    }
    return cache.encoded(key, entry, encoding as 'br' | 'gzip').then(finish);
  };
  /** The ETag of `userId`'s data as of `at`, and the cache key of `url` under it. */
  const tagged = (userId: string, version: V, at: Date, url: string | undefined) => {
    const etag = etagOf(userId, version, isoDate(at));
    return { etag, key: `${etag} ${url}`, owner: { id: userId, generation: etag } };
  };
  const answer = (
    req: FastifyRequest,
    reply: FastifyReply,
    produce: (version: V, now: Date) => Promise<unknown>,
    version: V,
  ): undefined | Promise<void> => {
    // One instant for the tag and the body, so an answer made at midnight is stored under its own day.
    const at = now();
    const { etag, key, owner } = tagged(req.userId, version, at, req.url);
    if (isFresh(req.raw, etag)) {
      reply.hijack();
      writeNotModified(reply.raw, etag);
      return;
    }
    const stored = cache.peek(key, owner);
    if (stored) return send(req, reply, key, etag, stored);
    return cache
      .body(key, () => produce(version, at), owner)
      .then((entry) => send(req, reply, key, etag, entry));
  };
  return {
    read(req, reply, produce) {
      const version = versionOf(req.userId);
      return version instanceof Promise
        ? version.then((known) => answer(req, reply, produce, known))
        : answer(req, reply, produce, version);
    },
    fromMemory(req, res, userId, version, at) {
      const { etag, key, owner } = tagged(userId, version, at, req.url);
      const stored = cache.peek(key, owner);
      if (!stored) return undefined;
      if (isFresh(req, etag)) {
        writeNotModified(res, etag);
        return 304;
      }
      const encoding = encodingFor(req, stored);
      const ready = encoding === 'identity' ? stored.identity : stored[encoding];
      if (!ready) return undefined;
      write(res, etag, stored, encoding, ready);
      return 200;
    },
  };
}
