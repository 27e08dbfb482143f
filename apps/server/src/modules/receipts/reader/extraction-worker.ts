/// <reference path="./pdfjs-worker.d.ts" />
/**
 * The extraction child process (forked by extraction-pool.ts): reads one PDF, photo or e-mail at a time and
 * answers over IPC. It holds no state worth keeping, so the pool may SIGKILL it at any moment.
 */
import { readFileSync } from 'node:fs';
import { type EmailView, viewEmail } from '@warrantly/extract/email';
import { extractImage } from '@warrantly/extract/image';
import { extractPdf } from '@warrantly/extract/pdf';
import type { Extraction } from '@warrantly/extract/types';
import { type RawMessage, rfc822Of } from '../../../providers/mail';
import type { Handed } from './handoff';
import { type ReadMessage, readMessage, SKETCH_ONLY } from './read-message';

/** What a reader is asked to read: the document as handed over, and how to read it. */
export type WorkerTask = { doc: Handed } & (
  | { kind: 'pdf'; maxPages: number }
  | { kind: 'image' }
  | { kind: 'email'; wrapping: RawMessage['wrapping'] }
  | { kind: 'email-view' }
);

export type WorkerResult = Extraction | ReadMessage | EmailView;

export type WorkerJob = WorkerTask & { id: number };

export type WorkerAnswer =
  | { ready: true }
  | { id: number; result: WorkerResult }
  | { id: number; error: { code?: string; message: string } };

/**
 * A PDF's or photo's fields; an e-mail's, with the PDF invoice attached to it (kept as its receipt) and,
 * for an order, the message itself; or a stored message read for display.
 */
async function run(job: WorkerJob): Promise<WorkerResult> {
  // The pool removes the file once the job is over, whatever became of this process.
  const bytes = 'file' in job.doc ? readFileSync(job.doc.file) : job.doc.bytes;
  if (job.kind === 'pdf') return extractPdf(bytes, { maxPages: job.maxPages, memory: SKETCH_ONLY });
  if (job.kind === 'image') return extractImage(bytes, { memory: SKETCH_ONLY });
  if (job.kind === 'email-view') return viewEmail(bytes);
  return readMessage(rfc822Of({ bytes, wrapping: job.wrapping }));
}

const send = (answer: WorkerAnswer) => process.send?.(answer);

process.on('message', async (job: WorkerJob) => {
  try {
    send({ id: job.id, result: await run(job) });
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    send({
      id: job.id,
      error: { ...(typeof code === 'string' ? { code } : {}), message: message ?? String(error) },
    });
  }
});
// The server went away (even by SIGKILL): nothing is left to answer to.
process.on('disconnect', () => process.exit(0));
// pdf.js and its worker half (which it would otherwise import on the first document) load before the child
// says it is ready, so a job's time limit counts only the job's own work; sharp and tesseract.js are loaded
// already (image.ts imports them), heic-decode on the first HEIC photo.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import(
  'pdfjs-dist/legacy/build/pdf.worker.mjs'
);
await import('pdfjs-dist/legacy/build/pdf.mjs');
send({ ready: true });
