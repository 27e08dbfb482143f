import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Extraction } from '@warrantly/extract/types';
import { AppError } from '../../errors';

export interface ExtractionPoolOptions {
  /** Workers running at once; extraction is CPU-bound, so about the number of cores. */
  size?: number;
  /** Longest one document may take (OCR of a scan included). */
  timeoutMs?: number;
  /** Heap limit of each worker: a decompression bomb dies here, not in the server. */
  maxHeapMb?: number;
}

interface Job {
  bytes: Uint8Array;
  options: { maxPages: number };
  resolve: (value: Extraction) => void;
  reject: (error: Error) => void;
}

type WorkerAnswer = { result: Extraction } | { error: { code?: string; message: string } };

/**
 * Reads PDFs in worker threads with a time and memory limit, so a hostile or huge file cannot stall or
 * crash the server. A worker that times out or runs out of memory is terminated and replaced.
 */
export function createExtractionPool(options: ExtractionPoolOptions = {}) {
  const size = options.size ?? 1;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxHeapMb = options.maxHeapMb ?? 384;
  const queue: Job[] = [];
  const idle: Worker[] = [];
  let running = 0;
  let closed = false;

  function spawnWorker(): Worker {
    return new Worker(workerSource(), { eval: true, resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } });
  }

  function next(): void {
    if (closed || running >= size) return;
    const job = queue.shift();
    if (!job) return;
    running += 1;
    const worker = idle.pop() ?? spawnWorker();
    let settled = false;
    const onMessage = (answer: WorkerAnswer) => {
      if ('result' in answer) finish(true, () => job.resolve(answer.result));
      else finish(true, () => job.reject(documentError(answer.error)));
    };
    const onError = (error: Error & { code?: string }) => {
      const message =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? 'The PDF needs too much memory to read; is it damaged?'
          : 'The PDF could not be read';
      finish(false, () => job.reject(new AppError('invalid_input', message, { cause: error })));
    };
    const onExit = () => finish(false, () => job.reject(new AppError('internal', 'The PDF reader stopped')));
    const finish = (keep: boolean, outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Only this job's listeners go: the worker's own plumbing must stay for the next job.
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (keep && !closed) idle.push(worker);
      else void worker.terminate();
      running -= 1;
      outcome();
      next();
    };
    const timer = setTimeout(
      () =>
        finish(false, () =>
          job.reject(new AppError('invalid_input', 'The PDF took too long to read; is it damaged?')),
        ),
      timeoutMs,
    );
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    const copy = job.bytes.slice();
    worker.postMessage({ bytes: copy, options: job.options }, [copy.buffer]);
  }

  return {
    /** The fields of a PDF; a document that cannot be read rejects with a clear 4xx AppError. */
    extractPdf(bytes: Uint8Array, maxPages: number): Promise<Extraction> {
      if (closed) return Promise.reject(new AppError('internal', 'The server is shutting down'));
      return new Promise((resolve, reject) => {
        queue.push({ bytes, options: { maxPages }, resolve, reject });
        next();
      });
    },
    async close(): Promise<void> {
      closed = true;
      await Promise.all(idle.splice(0).map((w) => w.terminate()));
    },
  };
}

export type ExtractionPool = ReturnType<typeof createExtractionPool>;

const DOCUMENT_MESSAGES: Record<string, string> = {
  encrypted: 'The PDF is password-protected; upload an unlocked copy',
  corrupt: 'The PDF is damaged or incomplete',
  too_many_pages: 'The PDF has too many pages (at most 50)',
  not_pdf: 'Invalid File: Please select a valid PDF file.',
  scripted: 'The PDF contains JavaScript; receipts with scripts are not accepted',
};

function documentError(error: { code?: string; message: string }): AppError {
  const message =
    (error.code && DOCUMENT_MESSAGES[error.code]) ?? `The PDF could not be read: ${error.message}`;
  return new AppError(error.code === 'not_pdf' ? 'unsupported_type' : 'invalid_input', message);
}

/**
 * The worker's entry. Built, it is dist/extraction-worker.js beside the server bundle; from source (tests,
 * `npm run dev`) the TypeScript worker is loaded through tsx's loader, registered inside the worker.
 */
function workerSource(): string {
  if (!import.meta.url.endsWith('.ts')) {
    return `import(${JSON.stringify(new URL('./extraction-worker.js', import.meta.url).href)})`;
  }
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const worker = new URL('./extraction-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(worker)}); })`;
}
