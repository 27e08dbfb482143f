import { isDatabaseUnavailable } from '../../db/database';

export interface SyncSchedulerOptions {
  /** One background pass over every connected mailbox. */
  syncEveryone(): Promise<void>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/**
 * The scheduled sync's pass, run by the job queue once every SYNC_INTERVAL_MINUTES across replicas
 * (server.ts). A tick that finds the previous pass still running does nothing (passes never overlap), and
 * a pass that fails (the database down when it fires) is logged and simply runs again at the next tick:
 * nothing here ever rejects.
 */
export function createSyncScheduler(options: SyncSchedulerOptions) {
  let running: Promise<void> | null = null;

  async function pass(): Promise<void> {
    try {
      await options.syncEveryone();
    } catch (error) {
      options.log.warn(
        { err: error, databaseDown: isDatabaseUnavailable(error) },
        'the scheduled mailbox sync could not run; the next tick tries again',
      );
    }
  }

  return {
    /** Starts a pass unless one is running; answers whether it started one. */
    tick(): { started: boolean; done: Promise<void> } {
      if (running) {
        options.log.info({}, 'the previous scheduled mailbox sync is still running; this tick is skipped');
        return { started: false, done: running };
      }
      const current = pass().finally(() => {
        running = null;
      });
      running = current;
      return { started: true, done: current };
    },
  };
}

export type SyncScheduler = ReturnType<typeof createSyncScheduler>;
