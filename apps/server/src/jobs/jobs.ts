/**
 * Background work as jobs, keyed per kind and key (a user's id): one interface, two engines. On PostgreSQL
 * (`pg-boss-queue.ts`) the jobs live in the database and any replica runs them; on SQLite
 * (`local-queue.ts`) the one process runs them, with what is still wanted kept in the `jobs` table. Either
 * way one kind's job for one key never runs twice at once, a failing job is retried with growing delays and
 * then kept as dead with its error, and a job whose process died is run again.
 */
export type JobName = 'reconcile-calendar' | 'sync-mailbox';

export type JobRun = (key: string) => Promise<void>;

export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface JobSettings {
  /** A run longer than this counts as crashed: it is retried, possibly elsewhere. */
  timeoutSeconds: number;
  retryLimit: number;
  /** The first retry's delay; each next one doubles. */
  retryDelaySeconds: number;
  /** The longest `every` interval used, so pg-boss keeps its once-per-interval marks that long. */
  longestIntervalMs: number;
}

export interface JobQueue {
  /** Says how to run one kind of job; before `start`. */
  define(name: JobName, run: JobRun): void;
  /** Asks for a run of `name` for `key`; one already waiting to start covers this one too. */
  send(name: JobName, key: string): Promise<void>;
  /** Resolves once `key`'s queued or running job of `name` has finished, or after `maxMs`. */
  settled(name: JobName, key: string, maxMs: number): Promise<void>;
  /** Resolves once no job is queued or running (retries waiting for their time are not waited for). */
  idle(): Promise<void>;
  /** Drops `key`'s jobs of `name` that have not started and waits for a running one to end. */
  cancel(name: JobName, key: string): Promise<void>;
  /** Runs `run` once every `intervalMs` across all processes sharing the queue (0: never). */
  every(name: string, intervalMs: number, run: () => Promise<void>): Promise<void>;
  start(): Promise<void>;
  /** Stops taking jobs and waits for the ones running here. */
  stop(): Promise<void>;
}

export interface JobRecord {
  id: string;
  name: string;
  key: string;
  attempt: number;
}

/**
 * Runs one job and logs one line about it: `job finished` at info, or `job failed` at warn with the error
 * (rethrown). The load benchmark counts jobs run, and runs of one job that overlapped, from these lines.
 */
export async function runLogged(log: JobLog, job: JobRecord, run: () => Promise<void>): Promise<void> {
  const started = new Date();
  const fields = () => {
    const finished = new Date();
    return {
      ...job,
      startedAt: started.toISOString(),
      finishedAt: finished.toISOString(),
      ms: finished.getTime() - started.getTime(),
    };
  };
  try {
    await run();
  } catch (error) {
    log.warn({ job: fields(), err: error }, 'job failed');
    throw error;
  }
  log.info({ job: fields() }, 'job finished');
}

/** The reason kept with a dead job: its error's message. */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Waits `ms`, unref'd so a wait never holds the process open. */
export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
