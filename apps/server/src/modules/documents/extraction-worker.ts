import { parentPort } from 'node:worker_threads';
import { extractPdf } from '@warrantly/extract/pdf';

// One document at a time; the pool sends the next only after this answers.
parentPort?.on('message', async (job: { bytes: Uint8Array; options: { maxPages: number } }) => {
  try {
    const result = await extractPdf(job.bytes, { maxPages: job.options.maxPages });
    parentPort?.postMessage({ result });
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    parentPort?.postMessage({ error: { code, message: message ?? String(error) } });
  }
});
