import os from 'node:os';
import type { Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import { timestamp } from '../dates';
import { underStartupLock } from '../db/migrate';
import type { Database } from '../db/schema';
import {
  type JobLog,
  type JobName,
  type JobQueue,
  type JobRun,
  type JobSettings,
  pause,
  reasonOf,
  runLogged,
} from './jobs';
import * as repo from './jobs.repository';

/** Runs of one kind a process works on at once (each for a different key). */
const CONCURRENCY: Record<JobName, number> = { 'reconcile-calendar': 4, 'sync-mailbox': 2 };
/** How often a replica looks for jobs another one queued (its own are picked up at once). */
const POLL_SECONDS = 1;
/** How long a job waits when another replica is running the same kind for the same key. */
const DEFER_SECONDS = 1;

const deadLetterOf = (name: string) => `${name}-dead`;

/**
 * pg-boss's schema beside the app's: `pgboss` when the app uses `public`, `<schema>_jobs` otherwise, so apps
 * on different schemas of one database (tests) never share queues.
 */
export function bossSchemaFor(appSchema: string): string {
  return appSchema === 'public' ? 'pgboss' : `${appSchema}_jobs`;
}

/**
 * The job queue on PostgreSQL, through pg-boss: every replica works on every queue. A queue keeps at most one
 * job waiting per key (policy `short`: a change while one waits is covered by it); a lease row in `jobs`
 * makes sure two replicas never run one key's job at once (a job finding it held waits a second and tries
 * again), without pg-boss's `singleton` fetch, which stalls the whole queue behind one busy key. A run past
 * `timeoutSeconds` (its process died) is failed by pg-boss's maintenance and retried, the lease having run
 * out by then; after `retryLimit` retries the job moves to `<name>-dead` with its error as output.
 */
export async function createPgBossQueue(deps: {
  db: Kysely<Database>;
  log: JobLog;
  settings: JobSettings;
}): Promise<JobQueue> {
  const { db, log, settings } = deps;
  const schema = bossSchemaFor(await repo.currentSchema(db));
  const bossDb = repo.pgBossDb(db);
  const boss = new PgBoss({
    db: bossDb,
    schema,
    // No cron: the sweeps run through `every` below.
    schedule: false,
    // Expired runs are found within a quarter of their timeout.
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.floor(settings.timeoutSeconds / 4))),
    // Completed once-per-interval marks must outlive their interval (see `every`).
    archiveCompletedAfterSeconds: Math.max(12 * 3600, Math.ceil(settings.longestIntervalMs / 1000) + 60),
  });
  boss.on('error', (error) => log.warn({ err: error }, 'the job queue hit an error; it carries on'));
  const handlers = new Map<JobName, JobRun>();
  const workers = new Map<string, string>();
  const sends = new Set<Promise<unknown>>();
  const runs = new Set<Promise<unknown>>();
  const intervals: NodeJS.Timeout[] = [];
  let stopped = false;

  async function work(name: JobName, run: JobRun, job: PgBoss.JobWithMetadata<{ key: string }>) {
    const { key } = job.data;
    const until = new Date(Date.now() + settings.timeoutSeconds * 1000);
    // Says which process runs it to whoever looks at the row (an operator, a test).
    const holder = `${os.hostname()}/${process.pid}/${job.id}`;
    if (!(await repo.acquireLease(db, name, key, holder, timestamp(), timestamp(until)))) {
      await boss.send(name, { key }, { singletonKey: key, startAfter: DEFER_SECONDS });
      return;
    }
    try {
      await runLogged(log, { id: job.id, name, key, attempt: job.retryCount + 1 }, () => run(key));
    } catch (error) {
      if (job.retryCount >= job.retryLimit) {
        log.warn(
          { job: { id: job.id, name, key, attempts: job.retryCount + 1 }, reason: reasonOf(error) },
          'job dead-lettered',
        );
      }
      throw error;
    } finally {
      await repo.releaseLease(db, name, key, holder);
    }
  }

  const trackedIn =
    (set: Set<Promise<unknown>>) =>
    async <T>(promise: Promise<T>): Promise<T> => {
      set.add(promise);
      try {
        return await promise;
      } finally {
        set.delete(promise);
      }
    };
  const tracked = trackedIn(sends);
  const running = trackedIn(runs);

  /**
   * Waits until nothing of the queue's is left, or `until`: a worker's fetch in flight when it was stopped
   * still hands its jobs to the handler, and pg-boss completes a run a few promise turns after it ends
   * without awaiting it, so runs and statements are awaited in turn until a whole event-loop turn passes
   * with neither. A run still going at `until` is left to expire and be retried elsewhere.
   */
  async function drained(until: number): Promise<void> {
    while (Date.now() < until) {
      const left = [...runs, ...bossDb.busy()];
      if (left.length > 0) {
        let timer: NodeJS.Timeout | undefined;
        const deadline = new Promise((resolve) => {
          timer = setTimeout(resolve, until - Date.now());
        });
        await Promise.race([Promise.allSettled(left), deadline]);
        clearTimeout(timer);
      }
      await new Promise((resolve) => setImmediate(resolve));
      if (runs.size === 0 && bossDb.busy().length === 0) return;
    }
  }

  async function pending(names: string[], key?: string): Promise<boolean> {
    await Promise.allSettled([...sends]);
    return repo.bossJobPending(db, schema, names, key);
  }

  return {
    define(name, run) {
      handlers.set(name, run);
    },
    async send(name, key) {
      await tracked(boss.send(name, { key }, { singletonKey: key }));
      // This replica's worker takes it now rather than at its next poll.
      const worker = workers.get(name);
      if (worker && !stopped) boss.notifyWorker(worker);
    },
    async settled(name, key, maxMs) {
      const deadline = Date.now() + maxMs;
      while (Date.now() < deadline && (await pending([name], key))) await pause(50);
      await repo.forget(db, name, key);
    },
    async idle() {
      while (await pending([...handlers.keys()])) await pause(50);
    },
    async cancel(name, key) {
      const ids = await repo.bossJobsNotStarted(db, schema, name, key);
      if (ids.length > 0) await boss.cancel(name, ids);
      const deadline = Date.now() + settings.timeoutSeconds * 1000;
      while (Date.now() < deadline && (await pending([name], key))) await pause(50);
      await repo.forget(db, name, key);
    },
    async every(name, intervalMs, run) {
      if (intervalMs <= 0) return;
      await underStartupLock(db, () => boss.createQueue(name));
      const seconds = Math.max(1, Math.round(intervalMs / 1000));
      await boss.work<object>(
        name,
        { includeMetadata: true, pollingIntervalSeconds: POLL_SECONDS },
        async ([job]) => {
          if (job)
            await running(runLogged(log, { id: job.id, name, key: name, attempt: job.retryCount + 1 }, run));
        },
      );
      // Every replica asks each interval; pg-boss keeps one job per interval's slot, so one of them runs.
      const ask = () =>
        void tracked(boss.send(name, {}, { singletonKey: name, singletonSeconds: seconds })).catch(
          (error: unknown) => log.warn({ err: error, job: { name } }, 'could not queue a scheduled job'),
        );
      const timer = setInterval(ask, intervalMs);
      timer.unref();
      intervals.push(timer);
    },
    async start() {
      const options = {
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: settings.timeoutSeconds,
      };
      const queueOf = (name: JobName) => ({
        ...options,
        name,
        policy: 'short' as const,
        deadLetter: deadLetterOf(name),
      });
      // Replicas starting together would race to make pg-boss's tables and queues (its queue creation
      // deadlocks against itself): one at a time, under the start-up lock.
      await underStartupLock(db, async () => {
        await boss.start();
        for (const name of handlers.keys()) {
          await boss.createQueue(deadLetterOf(name));
          await boss.createQueue(name, queueOf(name));
          // Settings changed since the queue was made (a new JOB_RETRY_LIMIT) apply from now on.
          await boss.updateQueue(name, queueOf(name));
        }
      });
      for (const [name, run] of handlers) {
        for (let i = 0; i < CONCURRENCY[name]; i++) {
          const worker = await boss.work<{ key: string }>(
            name,
            { includeMetadata: true, pollingIntervalSeconds: POLL_SECONDS },
            async ([job]) => {
              if (job) await running(work(name, run, job));
            },
          );
          if (i === 0) workers.set(name, worker);
        }
      }
    },
    async stop() {
      const until = Date.now() + settings.timeoutSeconds * 1000;
      stopped = true;
      for (const timer of intervals) clearInterval(timer);
      await Promise.allSettled([...sends]);
      // Waits for the runs in progress here; queued jobs stay for the other replicas or the next start.
      await boss.stop({ graceful: true, wait: true, timeout: settings.timeoutSeconds * 1000 });
      await drained(until);
    },
  };
}
