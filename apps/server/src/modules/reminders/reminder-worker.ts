import type { Calendar } from './calendar.service';

export interface ReminderWorkerOptions {
  /** First retry delay after a calendar failure; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  log?: { warn(obj: object, msg: string): void };
}

/**
 * Keeps warranty and maintenance events in step with purchases, off the request path: a purchase is saved
 * first, its calendar follows. One run per user at a time (a change during a run queues one more), and a
 * failing calendar is retried with growing delays, so it never fails or slows the purchase.
 */
export function createReminderWorker(calendar: Calendar, options: ReminderWorkerOptions = {}) {
  const retryMs = options.retryMs ?? 30_000;
  const maxRetryMs = options.maxRetryMs ?? 30 * 60_000;
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();
  const retries = new Map<string, { timer: NodeJS.Timeout; delay: number }>();

  async function run(userId: string): Promise<void> {
    try {
      await calendar.reconcile(userId);
      const retry = retries.get(userId);
      if (retry) clearTimeout(retry.timer);
      retries.delete(userId);
    } catch (error) {
      const delay = Math.min((retries.get(userId)?.delay ?? retryMs / 2) * 2, maxRetryMs);
      options.log?.warn(
        { err: error, user: userId, retryInMs: delay },
        'calendar reminders failed; will retry',
      );
      const previous = retries.get(userId);
      if (previous) clearTimeout(previous.timer);
      retries.set(userId, { delay, timer: setTimeout(() => schedule(userId), delay).unref() });
    }
  }

  function schedule(userId: string): void {
    if (running.has(userId)) {
      again.add(userId);
      return;
    }
    const job = run(userId).finally(() => {
      running.delete(userId);
      if (again.delete(userId)) schedule(userId);
    });
    running.set(userId, job);
  }

  return {
    schedule,
    /**
     * Resolves when the user's run in progress (and one queued behind it) has finished, or after `maxMs`:
     * a list read right after a change then shows the calendar the change made. Retries waiting on their
     * timer are not waited for.
     */
    async settled(userId: string, maxMs = 5_000): Promise<void> {
      const deadline = Date.now() + maxMs;
      for (let job = running.get(userId); job && Date.now() < deadline; job = running.get(userId)) {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, Math.max(0, deadline - Date.now())).unref();
        });
        await Promise.race([job.catch(() => undefined), timeout]);
        clearTimeout(timer);
      }
    },
    /** Resolves when no run is in progress (tests and shutdown wait on it). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all(running.values());
    },
    stop(): void {
      for (const { timer } of retries.values()) clearTimeout(timer);
      retries.clear();
    },
  };
}

export type ReminderWorker = ReturnType<typeof createReminderWorker>;
