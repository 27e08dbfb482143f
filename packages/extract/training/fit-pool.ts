/**
 * Runs fits on worker threads, one per core: a field's five fold models and its final model are
 * independent, and the three rankers too, so `npm run train` (and CI's `--check`) takes about half the
 * time on two cores. Each fit is the same pure function of its data wherever it runs, so the weights do
 * not depend on the number of workers or on which finishes first. `TRAIN_WORKERS=1` fits one at a time.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ClassifierWeights } from '../src/model/classifier';
import type { RankerWeights } from '../src/model/ranker';
import type { FitOptions, TrainingDoc } from './fit';
import type { ClassExample, ClassifierFit } from './fit-classifier';

export type FitJob =
  | { kind: 'ranker'; field: string; docs: TrainingDoc[]; options: FitOptions }
  | {
      kind: 'classifier';
      name: string;
      classes: readonly string[];
      examples: ClassExample[];
      options: ClassifierFit;
    };

interface Pending {
  job: FitJob;
  resolve: (weights: unknown) => void;
  reject: (error: Error) => void;
}

const size = Math.max(1, Number(process.env.TRAIN_WORKERS ?? Math.min(availableParallelism(), 4)));
const queue: Pending[] = [];
const idle: Worker[] = [];
let started = 0;

const FIT_WORKER = new URL('./fit-worker.ts', import.meta.url).href;
const TSX = import.meta.resolve('tsx/esm/api');

function spawn(): Worker {
  // A worker does not inherit tsx's loader: it registers it, then imports the TypeScript worker.
  const worker = new Worker(
    `import(${JSON.stringify(TSX)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(FIT_WORKER)}); });`,
    { eval: true },
  );
  worker.unref();
  return worker;
}

function run(worker: Worker, pending: Pending): void {
  worker.ref();
  const done = (message: { weights?: unknown; error?: string }) => {
    worker.off('error', failed);
    worker.unref();
    if (message.error !== undefined) pending.reject(new Error(message.error));
    else pending.resolve(message.weights);
    next(worker);
  };
  const failed = (error: Error) => {
    worker.off('message', done);
    pending.reject(error);
    started -= 1;
  };
  worker.once('message', done);
  worker.once('error', failed);
  worker.postMessage(pending.job);
}

function next(worker: Worker): void {
  const pending = queue.shift();
  if (pending) run(worker, pending);
  else idle.push(worker);
}

function submit<W>(job: FitJob): Promise<W> {
  return new Promise<W>((resolve, reject) => {
    const pending: Pending = { job, resolve: resolve as (w: unknown) => void, reject };
    const worker = idle.pop();
    if (worker) return run(worker, pending);
    if (started < size) {
      started += 1;
      return run(spawn(), pending);
    }
    queue.push(pending);
  });
}

/** fitRanker on a worker. */
export const fitRankerInPool = (field: string, docs: TrainingDoc[], options: FitOptions) =>
  submit<RankerWeights>({ kind: 'ranker', field, docs, options });

/** fitClassifier on a worker. */
export const fitClassifierInPool = (
  name: string,
  classes: readonly string[],
  examples: ClassExample[],
  options: ClassifierFit,
) => submit<ClassifierWeights>({ kind: 'classifier', name, classes, examples, options });
