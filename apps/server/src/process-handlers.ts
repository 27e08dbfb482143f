import type { FastifyBaseLogger } from 'fastify';

export interface ProcessHandlerOptions {
  log: FastifyBaseLogger;
  /** How long requests in flight may take once shutdown has begun. */
  timeoutMs: number;
  /** Stops taking requests, waits for those in flight, then releases the rest (workers, sandbox, database). */
  close: () => Promise<void>;
}

/**
 * How the process ends:
 * - SIGTERM or SIGINT: requests in flight finish within the deadline, then the process exits 0; past the
 *   deadline (a request that never ends, a hung close) it exits 1 anyway.
 * - An uncaught exception leaves the process in an unknown state (a half-run callback, a lock held):
 *   it is logged, requests in flight finish the same way, and the process exits 1 for its process manager
 *   (systemd `Restart=on-failure`, Docker `--restart`, Kubernetes) to start a fresh one. A supervisor inside
 *   `npm start` would only duplicate that manager on a server, and on a laptop the crash in the terminal
 *   is more useful than a silent restart loop.
 * - An unhandled rejection is one task that failed with nobody awaiting it; the rest is intact, so it is
 *   logged and the process carries on.
 */
export function installProcessHandlers({ log, timeoutMs, close }: ProcessHandlerOptions): void {
  let closing = false;
  const shutdown = (reason: string, exitCode: number) => {
    // npm and the terminal both pass on one Ctrl-C: a second signal is not a reason to cut the first short.
    if (closing) return;
    closing = true;
    log.info({ reason, deadlineSeconds: timeoutMs / 1000 }, 'shutting down: finishing requests in flight');
    setTimeout(() => {
      log.error({ reason }, 'shutdown deadline passed: exiting with requests unfinished');
      process.exit(1);
    }, timeoutMs);
    close().then(
      () => process.exit(exitCode),
      (error: unknown) => {
        log.error({ error: loggableError(error) }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM', 0));
  process.on('SIGINT', () => shutdown('SIGINT', 0));
  process.on('uncaughtException', (error) => {
    log.fatal({ error: loggableError(error) }, 'uncaught exception: shutting down for a restart');
    shutdown('uncaught exception', 1);
  });
  process.on('unhandledRejection', (reason) => {
    log.error({ error: loggableError(reason) }, 'unhandled promise rejection (the process carries on)');
  });
}

/**
 * An error's type, code, message and stack, without the rest of its own properties: errors from
 * libraries carry whatever they like there (pg attaches its client, connection settings included).
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  const code = (error as { code?: unknown }).code;
  return { type: error.name, message: error.message, ...(code ? { code } : {}), stack: error.stack };
}
