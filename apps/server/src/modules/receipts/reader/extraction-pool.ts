import { type ChildProcess, fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { EmailView } from '@warrantly/extract/email';
import { LIMITS } from '@warrantly/extract/limits';
import type { Extraction } from '@warrantly/extract/types';
import type { Config } from '../../../config';
import { AppError, InputOverLimit } from '../../../errors';
import { answerLimit, type FetchedMessage } from '../../../providers/mail';
import type { LauncherEvent, LauncherRequest } from './extraction-launcher';
import type { WorkerAnswer, WorkerJob, WorkerResult, WorkerTask } from './extraction-worker';
import { createHandoff, type Document, type Handed } from './handoff';
import type { ReadMessage } from './read-message';

export interface ExtractionPoolOptions {
  /** Child processes reading at once; extraction is CPU-bound, so about the number of cores. */
  size?: number;
  /**
   * Resident memory (RSS) a child may reach, native memory included; past it the child is killed. A built
   * child idles at ~125 MB (sharp loaded for photos); OCR of a page at the largest canvas allowed peaks near
   * 350 MB, and a HEIC photo at its cap (16 MP, packages/extract/src/image.ts) near 490 MB.
   */
  memoryMb?: number;
  /** Longest one PDF may take (OCR of a scan included); a photo of a receipt has the same. */
  pdfTimeoutMs?: number;
  /** Longest one e-mail may take (MIME, HTML and PDF attachments). */
  emailTimeoutMs?: number;
  /**
   * Jobs waiting for a child at most; past it uploads are refused (503). E-mails take at most half of it
   * and otherwise wait for room, so a big sync neither fails nor crowds uploads out.
   */
  maxQueued?: number;
  /**
   * Bytes of uploads admitted at once (received, queued or being read); past it an upload is refused
   * before its body is read, so a burst of large uploads cannot take the server's memory.
   */
  maxUploadBytes?: number;
  /** How often a busy child's RSS is sampled. */
  watchIntervalMs?: number;
  /** Told when a child is killed or could not start (the server's logger). */
  log?: { warn(obj: object, msg: string): void };
}

/** The pool's settings from the server's configuration (README, "Configuration"). */
export function poolOptionsFrom(config: Config): ExtractionPoolOptions {
  return {
    size: config.EXTRACT_WORKERS ?? Math.min(2, availableParallelism()),
    memoryMb: config.EXTRACT_MEMORY_MB,
    pdfTimeoutMs: config.EXTRACT_PDF_TIMEOUT_SECONDS * 1000,
    emailTimeoutMs: config.EXTRACT_EMAIL_TIMEOUT_SECONDS * 1000,
    maxQueued: config.EXTRACT_QUEUE_MAX,
    maxUploadBytes: config.EXTRACT_UPLOADS_MB * 1024 * 1024,
  };
}

type Kind = WorkerJob['kind'];

interface Job {
  /** The document handed over (handoff.ts), not its bytes: nothing big waits in the server's memory. */
  task: WorkerTask;
  resolve: (value: WorkerResult) => void;
  reject: (error: Error) => void;
}

/** A reader process, started and spoken to through the launcher; killed directly by its pid. */
class Reader extends EventEmitter {
  pid: number | undefined;
  exitCode: number | null = null;
  signalCode: string | null = null;
  constructor(
    private readonly request: (request: LauncherRequest) => void,
    readonly slot: number,
  ) {
    super();
  }
  send(message: WorkerJob): void {
    this.request({ op: 'send', slot: this.slot, message });
  }
  kill(): void {
    if (this.pid !== undefined) {
      try {
        process.kill(this.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    this.request({ op: 'kill', slot: this.slot });
  }
  exited(code: number | null, signal: string | null): void {
    if (this.exitCode !== null || this.signalCode !== null) return;
    this.exitCode = code ?? (signal ? null : -1);
    this.signalCode = signal ?? (code === null ? 'SIGKILL' : null);
    this.emit('exit', code, signal);
  }
}

interface Child {
  process: Reader;
  ready: boolean;
  busy: boolean;
}

/** A child that has not loaded its readers by then is not going to. */
const STARTUP_LIMIT_MS = 30_000;

/** What a refusal says, per kind of input: the user sees it, so it names the input, not the machinery. */
const REFUSAL: Record<Kind, { memory: string; time: string; crash: string }> = {
  pdf: {
    memory: 'The PDF needs too much memory to read; is it damaged?',
    time: 'The PDF took too long to read; is it damaged?',
    crash: 'The PDF could not be read: the reader stopped on it',
  },
  image: {
    memory: 'The photo needs too much memory to read; is it damaged?',
    time: 'The photo took too long to read; is it damaged?',
    crash: 'The photo could not be read: the reader stopped on it',
  },
  email: {
    memory: 'The message needs too much memory to read',
    time: 'The message took too long to read',
    crash: 'The message could not be read: the reader stopped on it',
  },
  'email-view': {
    memory: 'The message needs too much memory to show',
    time: 'The message took too long to show',
    crash: 'The message could not be shown: the reader stopped on it',
  },
};

/**
 * Reads PDFs, photos and e-mails in a pool of child processes, so hostile input never runs on the server's main
 * thread and cannot take its memory: each child's whole resident memory (pdf.js buffers, canvases and
 * tesseract included, not only the V8 heap) is sampled while it works, and a child over its memory or time
 * budget is SIGKILLed, its input refused with a reason, and a fresh child started for the next job.
 */
export function createExtractionPool(options: ExtractionPoolOptions = {}) {
  const size = Math.max(1, options.size ?? 2);
  const entry = workerEntry();
  // From source the child also carries tsx's transpiled copies of pdf.js: room is made for them on top.
  const memoryMb = (options.memoryMb ?? 512) + (entry.fromSource ? SOURCE_OVERHEAD_MB : 0);
  const timeoutMs: Record<Kind, number> = {
    pdf: options.pdfTimeoutMs ?? 30_000,
    image: options.pdfTimeoutMs ?? 30_000,
    email: options.emailTimeoutMs ?? 5_000,
    'email-view': options.emailTimeoutMs ?? 5_000,
  };
  const maxQueued = options.maxQueued ?? 32;
  const emailRoom = Math.max(1, Math.floor(maxQueued / 2));
  const maxUploadBytes = options.maxUploadBytes ?? 32 * 1024 * 1024;
  let uploadBytes = 0;
  const watchIntervalMs = options.watchIntervalMs ?? 50;
  const handoff = createHandoff();
  /** Jobs whose document is being written for the readers: those no free child will take count as queued. */
  let handing = 0;
  const waitingJobs = () => {
    let free = size;
    for (const child of children) if (child.busy) free -= 1;
    return queue.length + Math.max(0, handing - free);
  };
  const queue: Job[] = [];
  /** E-mail jobs waiting for room in the queue: a sync waits where an upload would be refused. */
  const waiting: Job[] = [];
  const children = new Set<Child>();
  let nextId = 1;
  let closed = false;

  /** The launcher and the readers it started, by slot; started on first use, again if it dies. */
  let launcher: ChildProcess | null = null;
  const readers = new Map<number, Reader>();
  let nextSlot = 1;

  function launcherRequest(request: LauncherRequest): void {
    if (launcher?.connected) launcher.send(request);
  }

  function startLauncher(): ChildProcess {
    const proc = fork(entry.launcher, [], {
      execArgv: entry.execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    proc.on('message', (event: LauncherEvent) => {
      const reader = readers.get(event.slot);
      if (!reader) return;
      if (event.op === 'spawned') reader.pid = event.pid;
      else if (event.op === 'message') reader.emit('message', event.message);
      else {
        readers.delete(event.slot);
        reader.exited(event.code, event.signal);
      }
    });
    // Its readers went with it (they exit when their parent does): each is reported gone.
    const lost = () => {
      if (launcher !== proc) return;
      launcher = null;
      for (const reader of [...readers.values()]) {
        reader.kill();
        reader.exited(null, 'SIGKILL');
      }
      readers.clear();
    };
    proc.on('exit', lost);
    proc.on('error', (error) => {
      options.log?.warn({ err: error }, 'extraction launcher failed');
      proc.kill('SIGKILL');
      lost();
    });
    return proc;
  }

  function spawnChild(): Child {
    launcher ??= startLauncher();
    const slot = nextSlot++;
    const proc = new Reader(launcherRequest, slot);
    readers.set(slot, proc);
    launcherRequest({
      op: 'spawn',
      slot,
      path: entry.path,
      // The heap limit is a first line; the RSS watchdog below bounds everything else.
      execArgv: [...entry.execArgv, `--max-old-space-size=${Math.max(64, Math.floor(memoryMb * 0.75))}`],
    });
    const child: Child = { process: proc, ready: false, busy: false };
    children.add(child);
    proc.on('message', (answer: WorkerAnswer) => {
      if ('ready' in answer) child.ready = true;
    });
    proc.on('exit', () => {
      children.delete(child);
      pump();
    });
    return child;
  }

  function take(): Child | null {
    for (const child of children) if (!child.busy) return child;
    return children.size < size ? spawnChild() : null;
  }

  /** Kills a child now; it leaves the pool at once, so its replacement need not wait for its exit. */
  function retire(child: Child): void {
    children.delete(child);
    if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill();
  }

  function pump(): void {
    while (!closed) {
      while (waiting.length > 0 && queue.length < emailRoom) queue.push(waiting.shift() as Job);
      if (queue.length === 0) return;
      const child = take();
      if (!child) return;
      run(child, queue.shift() as Job);
    }
  }

  function run(child: Child, job: Job): void {
    child.busy = true;
    const id = nextId++;
    const proc = child.process;
    const kind = job.task.kind;
    let settled = false;
    const finish = (outcome: () => void, keep: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      proc.off('message', onMessage).off('exit', onExit);
      handoff.release(job.task.doc);
      // A child left big by its last job (memory is rarely given back) is replaced rather than reused.
      const rss = residentMb(proc.pid);
      if (!keep || closed || (rss !== null && rss > (memoryMb * 2) / 3)) retire(child);
      child.busy = false;
      outcome();
      pump();
    };
    const refuse = (reason: 'memory' | 'time', detail: object) => {
      options.log?.warn(
        { pid: proc.pid, kind, ...detail },
        `extraction process killed: over its ${reason} budget`,
      );
      finish(() => job.reject(new AppError('invalid_input', REFUSAL[kind][reason])), false);
    };
    // The time limit counts the job's own work, from when the child is ready (a fresh one loads pdf.js first).
    const startClock = () =>
      setTimeout(() => refuse('time', { timeoutMs: timeoutMs[kind] }), timeoutMs[kind]);
    let timer = child.ready
      ? startClock()
      : setTimeout(() => {
          options.log?.warn({ pid: proc.pid }, 'extraction process did not start');
          finish(() => job.reject(new AppError('internal', 'The document reader could not start')), false);
        }, STARTUP_LIMIT_MS);
    const message: WorkerJob = { id, ...job.task };
    const onMessage = (answer: WorkerAnswer) => {
      if ('ready' in answer) {
        clearTimeout(timer);
        timer = startClock();
        proc.send(message);
        return;
      }
      if (answer.id !== id) return;
      if ('result' in answer) finish(() => job.resolve(answer.result), true);
      else finish(() => job.reject(readError(kind, answer.error)), true);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      const failure = closed
        ? new AppError('unavailable', 'The server is shutting down')
        : child.ready
          ? new AppError('invalid_input', REFUSAL[kind].crash)
          : new AppError('internal', 'The document reader could not start');
      options.log?.warn({ pid: proc.pid, code, signal }, 'extraction process stopped during a job');
      finish(() => job.reject(failure), false);
    };
    const watch = setInterval(() => {
      const rss = residentMb(proc.pid);
      if (rss !== null && rss > memoryMb) refuse('memory', { rssMb: Math.round(rss), memoryMb });
    }, watchIntervalMs);
    proc.on('message', onMessage).on('exit', onExit);
    // A fresh child gets its job once it is ready: a job that ran during its start-up could block it before
    // it says so, and the job's time limit would not have started.
    if (child.ready) proc.send(message);
  }

  const busy = () =>
    new AppError('unavailable', 'The server is busy reading other documents; try again shortly');
  const shuttingDown = () => new AppError('unavailable', 'The server is shutting down');

  /** A job's answer: `T` is what its kind of task answers (the worker's `run`). */
  async function submit<T extends WorkerResult>(
    document: Document,
    task: (doc: Handed) => WorkerTask,
    whenFull: 'refuse' | 'wait',
  ): Promise<T> {
    if (closed) throw shuttingDown();
    if (whenFull === 'refuse' && waitingJobs() >= maxQueued) throw busy();
    handing += 1;
    let doc: Handed;
    try {
      doc = await handoff.hand(document);
    } finally {
      handing -= 1;
    }
    if (closed) {
      handoff.release(doc);
      throw shuttingDown();
    }
    return new Promise<T>((resolve, reject) => {
      const job: Job = { task: task(doc), resolve: (value) => resolve(value as T), reject };
      if (whenFull === 'wait' && (waiting.length > 0 || queue.length >= emailRoom)) waiting.push(job);
      else queue.push(job);
      pump();
    });
  }

  return {
    /**
     * Lets an upload of about `bytes` in before its body is read, or refuses it (503) while the queue is
     * full or the uploads already admitted hold `maxUploadBytes`; one upload is always let in. Answers the
     * function that gives its room back, once it has been read or refused.
     */
    admitUpload(bytes: number): () => void {
      if (closed) throw shuttingDown();
      if (waitingJobs() >= maxQueued || (uploadBytes > 0 && uploadBytes + bytes > maxUploadBytes))
        throw busy();
      uploadBytes += bytes;
      let given = false;
      return () => {
        if (given) return;
        given = true;
        uploadBytes -= bytes;
      };
    },
    /** The fields of a PDF; unreadable input rejects with a 4xx AppError, a full queue with 503. */
    extractPdf(bytes: Uint8Array | readonly Uint8Array[], maxPages: number): Promise<Extraction> {
      return submit<Extraction>(bytes, (doc) => ({ kind: 'pdf', doc, maxPages }), 'refuse');
    },
    /** The fields of a photo of a receipt; refusals as for a PDF. */
    extractImage(bytes: Uint8Array | readonly Uint8Array[]): Promise<Extraction> {
      return submit<Extraction>(bytes, (doc) => ({ kind: 'image', doc }), 'refuse');
    },
    /**
     * The fields of an e-mail as the provider sends it, with the PDF invoice attached to an order: written
     * for a reader as it arrives, unwrapped to RFC 822 there. Waits for room when the queue is full.
     */
    readEmail(message: FetchedMessage): Promise<ReadMessage> {
      const maxBytes = answerLimit(message.wrapping, LIMITS.emailBytes);
      // The same words as the reader's own refusal of a message over the limit (packages/extract).
      const overLimit = `The message is larger than ${LIMITS.emailBytes / 1024 / 1024} MB; it was not read`;
      return submit<ReadMessage>(
        { body: message.body, maxBytes, overLimit },
        (doc) => ({ kind: 'email', doc, wrapping: message.wrapping }),
        'wait',
      );
    },
    /** A stored message read for display (headers, text, HTML as sent); refusals as for a PDF. */
    viewEmail(bytes: Uint8Array): Promise<EmailView> {
      return submit<EmailView>(bytes, (doc) => ({ kind: 'email-view', doc }), 'refuse');
    },
    /** The process ids of the children alive now (tests watch one being replaced). */
    pids(): number[] {
      return [...children].flatMap((c) => (c.process.pid ? [c.process.pid] : []));
    },
    /** Refuses what is still queued and kills every child; a job in flight is refused too. */
    async close(): Promise<void> {
      closed = true;
      const gone = new AppError('unavailable', 'The server is shutting down');
      for (const job of [...queue.splice(0), ...waiting.splice(0)]) {
        handoff.release(job.task.doc);
        job.reject(gone);
      }
      await Promise.all(
        [...children].map((c) => {
          const exited = new Promise<void>((resolve) => c.process.once('exit', () => resolve()));
          const running = c.process.exitCode === null && c.process.signalCode === null;
          retire(c);
          return running ? exited : undefined;
        }),
      );
      const last = launcher;
      if (last && last.exitCode === null && last.signalCode === null) {
        const exited = new Promise<void>((resolve) => last.once('exit', () => resolve()));
        last.kill('SIGKILL');
        await exited;
      }
      handoff.close();
    },
  };
}

export type ExtractionPool = ReturnType<typeof createExtractionPool>;

/** A process's resident memory in MB from /proc (Linux); null where /proc is missing or it has exited. */
function residentMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

const DOCUMENT_MESSAGES: Record<string, string> = {
  encrypted: 'The PDF is password-protected; upload an unlocked copy',
  corrupt: 'The PDF is damaged or incomplete',
  too_many_pages: 'The PDF has too many pages (at most 50)',
  not_pdf: 'Invalid File: Please select a valid PDF file.',
  scripted: 'The PDF contains JavaScript; receipts with scripts are not accepted',
};

function readError(kind: Kind, error: { code?: string; message: string }): AppError {
  // Past a cap of packages/extract/src/limits.ts: its message already names the cap, for the user.
  if (error.code === 'too_large') return new InputOverLimit(error.message);
  // The provider's answer was garbled (providers/mail.ts, rfc822Of): the provider failed, not the message.
  if (error.code === 'unreadable_answer') return new AppError('provider_failed', error.message);
  if (kind === 'email')
    return new AppError('invalid_input', `The message could not be read: ${error.message}`);
  // A photo's reader words its refusals for the user already (packages/extract/src/image.ts, PhotoError);
  // any other failure is ours, and its text (a stack's first line) is no message for the user.
  if (kind === 'image')
    return new AppError('invalid_input', error.code ? error.message : 'The photo could not be read');
  const message =
    (error.code && DOCUMENT_MESSAGES[error.code]) ?? `The PDF could not be read: ${error.message}`;
  return new AppError(error.code === 'not_pdf' ? 'unsupported_type' : 'invalid_input', message);
}

/**
 * The children's entries. Built, they are dist/extraction-{worker,launcher}.js beside the server bundle;
 * from source (tests, `npm run dev`) the TypeScript entries run under tsx's loader.
 */
function workerEntry(): { path: string; launcher: string; execArgv: string[]; fromSource: boolean } {
  const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  const file = (name: string) => fileURLToPath(new URL(`./${name}.${ext}`, import.meta.url));
  return {
    path: file('extraction-worker'),
    launcher: file('extraction-launcher'),
    execArgv: ext === 'ts' ? ['--import', createRequire(import.meta.url).resolve('tsx')] : [],
    fromSource: ext === 'ts',
  };
}

/** What a child run from source takes beyond a built one (measured: ~400 MB against ~110 MB idle). */
const SOURCE_OVERHEAD_MB = 300;
