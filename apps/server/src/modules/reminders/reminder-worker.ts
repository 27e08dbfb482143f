import type { JobQueue } from '../../jobs/jobs';
import type { Calendar } from './calendar.service';

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
    /** Resolves when no job is queued or running (tests wait on it). */
    idle(): Promise<void> {
      return jobs.idle();
    },
  };
}

export type ReminderWorker = ReturnType<typeof createReminderWorker>;
