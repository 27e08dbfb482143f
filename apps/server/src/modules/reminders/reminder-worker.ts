import type { JobQueue } from '../../jobs/jobs';
import type { Calendar } from './calendar.service';

/** How long a change may wait for its calendar before the catch-up queues it again, and how many a pass. */
const CATCH_UP_GRACE_MS = 60_000;
const CATCH_UP_BATCH = 500;
/** How often the catch-up runs, once across the replicas. */
export const CATCH_UP_EVERY_MS = 60_000;

/**
 * Keeps warranty and maintenance events in step with purchases, off the request path: a purchase is saved
 * first, its calendar follows as the user's `reconcile-calendar` job (src/jobs), which any replica may run,
 * never two at once for one user, retried with growing delays when the calendar fails, so it never fails
 * or slows the purchase.
 */
export function createReminderWorker(
  calendar: Calendar,
  jobs: JobQueue,
  log: { warn(obj: object, msg: string): void },
) {
  jobs.define('reconcile-calendar', (userId) => calendar.reconcile(userId));
  return {
    schedule(userId: string): void {
      jobs.send('reconcile-calendar', userId).catch((error: unknown) => {
        log.warn(
          { err: error, user: userId },
          'could not queue the calendar reminders; the next change does',
        );
      });
    },
    /**
     * Resolves when the user's queued or running reconcile (here or on another replica) has finished, or
     * after `maxMs`: a list read right after a change then shows the calendar the change made. Retries
     * waiting for their time are not waited for.
     */
    settled(userId: string, maxMs = 5_000): Promise<void> {
      return jobs.settled('reconcile-calendar', userId, maxMs);
    },
    /** Drops the user's queued reconciles and waits for a running one (account deletion). */
    forget(userId: string): Promise<void> {
      return jobs.cancel('reconcile-calendar', userId);
    },
    /**
     * Queues a reconcile for each user whose calendar is behind their data for over a minute: a change is
     * committed before its signal is queued, so a replica dying in between would leave the calendar behind
     * until the user's next change. Runs once a minute across the replicas (server.ts); answers how many
     * it queued.
     */
    async catchUp(): Promise<number> {
      const lagging = await calendar.lagging(CATCH_UP_GRACE_MS, CATCH_UP_BATCH);
      for (const userId of lagging) await jobs.send('reconcile-calendar', userId);
      if (lagging.length > 0)
        log.warn({ users: lagging.length }, 'calendars behind their data: reconciles queued');
      return lagging.length;
    },
    /** Resolves when no job is queued or running (tests wait on it). */
    idle(): Promise<void> {
      return jobs.idle();
    },
  };
}

export type ReminderWorker = ReturnType<typeof createReminderWorker>;
