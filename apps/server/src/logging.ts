import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { Config } from './config';

// The calendar feed's address is its key: logs keep the route, never the secret in it.
const FEED_PREFIX = '/api/v1/calendar/feed/';
const FEED_SECRET = /^(\/api\/v1\/calendar\/feed\/)(?!rotate\/?$)[^/]+$/;

// Query strings can carry codes and tokens (OAuth callbacks, /success): logs keep the keys, never the values.
function redactUrl(url: string): string {
  if (!url.includes('?') && !url.startsWith(FEED_PREFIX)) return url;
  const [pathname = '', query] = url.split('?', 2);
  const path = pathname.replace(FEED_SECRET, '$1…');
  if (!query) return path;
  const keys = query.split('&').map((pair) => `${pair.split('=')[0]}=…`);
  return `${path}?${keys.join('&')}`;
}

/** Log lines held in memory at most while stdout's reader is behind; past it they are dropped. */
const LOG_BUFFER_BYTES = 8 * 1024 * 1024;

/** Where pino writes: a line at a time, and what is held flushed on demand. */
interface LineStream {
  write(line: string): void;
  flush(cb?: (error?: Error) => void): void;
  flushSync(): void;
}

/** A line stream that also takes lines known to be ASCII, copied byte for byte: the request lines. */
export interface CoalescingStream extends LineStream {
  writeAscii(line: string): void;
}

/** Where held lines go, as bytes: stdout through sonic-boom in buffer mode. */
interface ByteSink {
  write(bytes: Buffer): unknown;
  flush(cb?: (error?: Error) => void): void;
  flushSync(): void;
}

/** Bytes held before they are handed on early. */
const HELD_BYTES = 64 * 1024;
/** How long a logged line waits at most before it is handed on. */
export const LINE_HOLD_MS = 10;

/**
 * The lines logged within `holdMs` of the first one held, handed to `dest` in one write (or sooner, when
 * HELD_BYTES are held). A write per request line, each a trip through libuv's thread pool to the pipe
 * and a wake-up of its reader, cost a small answer at `info` about a fifth of its CPU time; a write per
 * turn of the event loop, which under load answers a few requests, still cost it about 2 us of 30 (an
 * A/B of the two servers side by side, in alternating runs). Lines are held as bytes: a request line,
 * ASCII by construction, is copied into the held buffer as it is, where encoding a string per write to
 * UTF-8 cost more than building it. At exit, and on a flush, what is held goes first; a process killed
 * outright loses at most its last `holdMs` of lines.
 */
export function coalescingStream(dest: ByteSink, holdMs = LINE_HOLD_MS): CoalescingStream {
  const held = Buffer.allocUnsafe(HELD_BYTES);
  let used = 0;
  let timer: NodeJS.Timeout | null = null;
  const handOn = () => {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (used === 0) return;
    // A copy: sonic-boom writes what it is given later, and `held` is filled again meanwhile.
    dest.write(Buffer.from(held.subarray(0, used)));
    used = 0;
  };
  /** Makes room for `bytes` more; false when a line is larger than the whole buffer. */
  const room = (bytes: number) => {
    if (used + bytes > HELD_BYTES) handOn();
    // Unref'd: held lines never keep a process alive, and its exit hands them on.
    timer ??= setTimeout(handOn, holdMs).unref();
    return bytes <= HELD_BYTES;
  };
  process.on('exit', () => {
    handOn();
    dest.flushSync();
  });
  return {
    write(line) {
      if (room(Buffer.byteLength(line))) used += held.write(line, used, 'utf8');
      else dest.write(Buffer.from(line));
    },
    writeAscii(line) {
      if (room(line.length)) used += held.write(line, used, 'latin1');
      else dest.write(Buffer.from(line, 'latin1'));
    },
    flush(cb) {
      handOn();
      dest.flush(cb);
    },
    flushSync() {
      handOn();
      dest.flushSync();
    },
  };
}

/**
 * Structured JSON logs with no tokens, cookies or bodies in them, written to stdout asynchronously: a
 * synchronous write to a pipe whose reader lags (a log shipper, a terminal) would stall every request.
 * What is buffered is flushed when the process exits.
 */
export function loggerOptions(config: Config): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.LOG_LEVEL,
    stream: coalescingStream(
      // Buffer mode takes bytes, which sonic-boom's types do not say.
      pino.destination({
        dest: 1,
        sync: false,
        maxLength: LOG_BUFFER_BYTES,
        contentMode: 'buffer',
      }) as unknown as ByteSink,
    ),
    // Any logged headers, not only the request's: @fastify/multipart logs its busboy options at trace level.
    redact: ['*.headers.authorization', '*.headers.cookie', '*.headers["set-cookie"]'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
/** Fastify's loggers are pino's here, which tell whether a level is written. */
type PinoLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger, made a pino child only when a line is written at an enabled level. Fastify makes a
 * child per request for its request id; with redaction and serializers that cost a 304 about 7 % of its
 * time, and at `warn` almost no request writes a line.
 */
class RequestLogger {
  #child: PinoLogger | undefined;
  readonly #parent: PinoLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildOptions;

  constructor(parent: PinoLogger, bindings: Bindings, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #made(): PinoLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options) as PinoLogger;
    return this.#child;
  }

  #write(level: LogLevel, args: unknown[]): void {
    if (!this.#parent.isLevelEnabled(level)) return;
    (this.#made()[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.#child?.level ?? this.#parent.level;
  }
  set level(level: string) {
    this.#made().level = level;
  }
  isLevelEnabled(level: string): boolean {
    return this.#child ? this.#child.isLevelEnabled(level) : this.#parent.isLevelEnabled(level);
  }
  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
  silent(): void {}
  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: request loggers made on first use (a route's own level, at once). */
export const requestLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) =>
  options.level
    ? logger.child(bindings, options)
    : (new RequestLogger(logger as PinoLogger, bindings, options) as unknown as FastifyBaseLogger);

/** What of the app's pino logger a request line is written with: the same stream, bindings and levels. */
interface LineParts {
  write(line: string): void;
  bindings: string;
  levels: Record<string, number>;
}

function linePartsOf(log: PinoLogger): LineParts {
  const internals = log as unknown as Record<symbol, unknown>;
  const stream = internals[pino.symbols.streamSym] as Partial<CoalescingStream> & {
    write(line: string): unknown;
  };
  const bindings = internals[pino.symbols.chindingsSym] as string;
  // Every other part of a request line is ASCII by construction (numbers, `quoted`); the bindings (pid,
  // hostname) are checked once.
  const ascii = Buffer.byteLength(bindings) === bindings.length ? stream.writeAscii : undefined;
  return {
    write: ascii ?? ((line) => void stream.write(line)),
    bindings,
    levels: (log as unknown as pino.Logger).levels.values,
  };
}

/** Printable ASCII but `"` and `\`: written between quotes as it is. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * `value` as a JSON string of ASCII only, anything beyond written as `\uXXXX`, built from one-byte pieces.
 * A request line stays a one-byte string in V8: a single `…` of a redacted path made the whole line
 * two-byte, and encoding such a line for the log stream cost more than building it.
 */
function quoted(value: string | undefined): string {
  if (value === undefined) return 'null';
  if (PLAIN.test(value)) return `"${value}"`;
  let out = '"';
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code === 0x22 || code === 0x5c) out += `\\${value[i]}`;
    else if (code >= 0x20 && code < 0x7f) out += value[i];
    else out += `\\u${code.toString(16).padStart(4, '0')}`;
  }
  return `${out}"`;
}

/** Request paths whose logged form is remembered: a few paths make most of the lines. */
const quotedPaths = new Map<string, string>();
const PATHS_KEPT = 512;
/** Longer paths (a cursor, a hostile request) are quoted each time rather than held. */
const PATH_KEPT_CHARS = 256;

/** The logged form of a request's path: redacted, quoted, ASCII. */
function quotedPath(url: string): string {
  if (url.length > PATH_KEPT_CHARS) return quoted(redactUrl(url));
  let known = quotedPaths.get(url);
  if (known === undefined) {
    known = quoted(redactUrl(url));
    if (quotedPaths.size >= PATHS_KEPT) quotedPaths.clear();
    quotedPaths.set(url, known);
  }
  return known;
}

/** Milliseconds with three decimals, from integers: a double's shortest form is costlier to print. */
function millis(ms: number): string {
  const micros = Math.round(ms * 1000);
  const rest = micros % 1000;
  return `${(micros - rest) / 1000}.${rest < 10 ? '00' : rest < 100 ? '0' : ''}${rest}`;
}

/** The request lines: one per answer, at debug for one that says nothing new, else at info. */
export interface RequestLog {
  /** pino's level value of the line for the answer to `url` with `status`; null when not written. */
  levelOf(status: number, url: string): number | null;
  write(
    level: number,
    reqId: string,
    method: string,
    url: string,
    ip: string | undefined,
    status: number,
    ms: number,
  ): void;
}

/**
 * One line per request, written when its answer is sent, to the app's log stream: Fastify's request
 * logging writes two (incoming, completed), each through a per-request child logger, which at `info` cost
 * a 304 more than half of its throughput. An answer that says nothing new (a 304, a health check) is
 * logged at debug; everything else at info, with the method, the path (secrets cut), the address, the
 * status and the time taken. Errors keep their own line (http/errors.ts). Answers sent before Fastify
 * sees the request (app.ts, reads from memory) write theirs through the returned `RequestLog`.
 *
 * The line is the one pino would write for those fields (its level, time, pid and hostname first), built
 * as one string: pino's general path (an object per line, its serializers, a stringify per field) cost a
 * small answer about a tenth of its CPU time in building and collecting garbage.
 */
export function logRequests(app: FastifyInstance): RequestLog {
  const log = app.log as PinoLogger;
  const { write, bindings, levels } = linePartsOf(log);
  // pino's epoch time (`stdTimeFunctions.epochTime`), printed once a millisecond: the clock's value is a
  // double, costlier to print than the rest of the line.
  let printedMs = 0;
  let printedTime = '';
  const time = () => {
    const ms = Date.now();
    if (ms !== printedMs) {
      printedMs = ms;
      printedTime = `,"time":${ms}`;
    }
    return printedTime;
  };
  const lines: RequestLog = {
    levelOf(status, url) {
      const level = status === 304 || url === '/healthz' || url.startsWith('/healthz?') ? 'debug' : 'info';
      return log.isLevelEnabled(level) ? (levels[level] as number) : null;
    },
    write(level, reqId, method, url, ip, status, ms) {
      write(
        `{"level":${level}${time()}${bindings},"reqId":${quoted(reqId)},` +
          `"req":{"method":${quoted(method)},"url":${quotedPath(url)},"ip":${quoted(ip)}},` +
          `"res":{"statusCode":${status}},"responseTime":${millis(ms)},"msg":"request completed"}\n`,
      );
    },
  };
  app.addHook('onResponse', (req, reply, done) => {
    const level = lines.levelOf(reply.statusCode, req.url);
    if (level !== null)
      lines.write(level, req.id, req.method, req.url, req.ip, reply.statusCode, reply.elapsedTime);
    done();
  });
  return lines;
}
