import type { Logger } from './logger';

/**
 * Runs `task` every `everyMs`, never two at once; a failure is logged and the next round tries again.
 * `stop()` waits for a round in progress.
 */
export function runPeriodically(task: () => Promise<unknown>, everyMs: number, logger: Logger, what: string): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= task()
      .then(
        () => undefined,
        (err) => logger.warn(`${what} failed`, { err }),
      )
      .finally(() => (running = null));
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
