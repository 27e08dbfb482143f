/** A training worker (fit-pool.ts): fits what it is sent and answers with the weights. */
import { parentPort } from 'node:worker_threads';
import { fitRanker } from './fit';
import { fitClassifier } from './fit-classifier';
import type { FitJob } from './fit-pool';

parentPort?.on('message', async (job: FitJob) => {
  try {
    const weights =
      job.kind === 'ranker'
        ? await fitRanker(job.field, job.docs, job.options)
        : await fitClassifier(job.name, job.classes, job.examples, job.options);
    parentPort?.postMessage({ weights });
  } catch (error) {
    parentPort?.postMessage({
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
