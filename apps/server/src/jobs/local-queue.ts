import { randomUUID } from 'node:crypto';
import { timestamp } from '../dates';
import type { Db } from '../db/schema';
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

/**
 * The job queue on SQLite, where this process is the only writer: runs in this process, one per kind and
 * key at a time (a request during a run queues one more), with what is wanted in the `jobs` table so a
 * crash between a change and its run is redone at start-up. A failing job is retried after
 * `retryDelaySeconds`, doubling, and after `retryLimit` retries kept as dead with its error until asked
 * for again.
 */
export function createLocalQueue(deps: { db: Db; log: JobLog; settings: JobSettings }): JobQueue {
  const { db, log, settings } = deps;
  const handlers = new Map<JobName, JobRun>();
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();
  const retries = new Map<string, NodeJS.Timeout>();
  const sends = new Set<Promise<void>>();
  const intervals: NodeJS.Timeout[] = [];
  let started = false;
  let stopped = false;
  const id = (name: JobName, key: string) => `${name}\u0000${key}`;

  async function attempt(name: JobName, key: string, run: JobRun): Promise<void> {
    const wanted = await repo.findWanted(db, name, key);
    if (wanted.wanted === 0 || wanted.dead) return;
    try {
      await runLogged(log, { id: randomUUID(), name, key, attempt: wanted.attempts + 1 }, () => run(key));
    } catch (error) {
      const attempts = await repo.failedAttempt(db, name, key);
      if (attempts > settings.retryLimit) {
        await repo.giveUp(db, name, key, reasonOf(error), timestamp());
        log.warn({ job: { name, key, attempts }, reason: reasonOf(error) }, 'job dead-lettered');
        return;
      }
      const delay = settings.retryDelaySeconds * 1000 * 2 ** (attempts - 1);
      retries.set(id(name, key), setTimeout(() => schedule(name, key), delay).unref());
      return;
    }
    await repo.ran(db, name, key, wanted.wanted);
  }

  function schedule(name: JobName, key: string): void {
    const run = handlers.get(name);
    if (!run || stopped) return;
    const at = id(name, key);
    if (running.has(at)) {
      again.add(at);
      return;
    }
    clearTimeout(retries.get(at));
    retries.delete(at);
    const job = attempt(name, key, run)
      .catch((error: unknown) => {
        // The database did not take the bookkeeping: the row still says wanted, the next start-up runs it.
        log.warn(
          { err: error, job: { name, key } },
          'a job could not be recorded; it runs again at start-up',
        );
      })
      .finally(() => {
        running.delete(at);
        if (again.delete(at)) schedule(name, key);
      });
    running.set(at, job);
  }

  const waitFor = async (at: string, deadline: number) => {
    for (let job = running.get(at); job && Date.now() < deadline; job = running.get(at)) {
      await Promise.race([job, pause(Math.max(0, deadline - Date.now()))]);
    }
  };

  return {
    define(name, run) {
      handlers.set(name, run);
    },
    async send(name, key) {
      const sent = repo.want(db, name, key).then(() => {
        if (started) schedule(name, key);
      });
      sends.add(sent);
      try {
        await sent;
      } finally {
        sends.delete(sent);
      }
    },
    async settled(name, key, maxMs) {
      await Promise.allSettled([...sends]);
      await waitFor(id(name, key), Date.now() + maxMs);
    },
    async idle() {
      await Promise.allSettled([...sends]);
      while (running.size > 0) await Promise.all(running.values());
    },
    async cancel(name, key) {
      await repo.forget(db, name, key);
      clearTimeout(retries.get(id(name, key)));
      retries.delete(id(name, key));
      again.delete(id(name, key));
      await running.get(id(name, key));
    },
    async every(name, intervalMs, run) {
      if (intervalMs <= 0) return;
      let pass: Promise<void> | null = null;
      const tick = () => {
        if (pass) return;
        pass = runLogged(log, { id: randomUUID(), name, key: name, attempt: 1 }, run)
          .catch(() => undefined)
          .finally(() => {
            pass = null;
          });
      };
      const timer = setInterval(tick, intervalMs);
      timer.unref();
      intervals.push(timer);
    },
    async start() {
      started = true;
      // What a crash (or a stop) left wanted runs now.
      for (const job of await repo.wantedJobs(db)) {
        if (handlers.has(job.name as JobName)) schedule(job.name as JobName, job.key);
      }
    },
    async stop() {
      stopped = true;
      for (const timer of intervals) clearInterval(timer);
      for (const timer of retries.values()) clearTimeout(timer);
      retries.clear();
      await Promise.allSettled([...sends]);
      while (running.size > 0) await Promise.allSettled(running.values());
    },
  };
}
