interface TaskScheduler {
  yield?(): Promise<void>;
}

/**
 * Resolves in a later task, so that the browser can paint and answer input between two pieces of start-up
 * work instead of running them as one long task. `scheduler.yield()` where the browser has it (its
 * continuation goes ahead of other queued tasks), else a zero-delay timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
