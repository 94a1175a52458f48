/** What a started process hands back: how to stop it, and how long stopping may take before the exit is forced. */
export interface Stoppable {
  stop(): Promise<void>;
  drainTimeoutMs?: number;
}

const DEFAULT_DRAIN_TIMEOUT_MS = 25_000;

/** A second signal, or a stop past its deadline, exits 1 at once: whoever waited long enough never waits on a hung stop. */
export function runProcess(label: string, start: () => Promise<Stoppable>) {
  const fail = (why: string) => {
    process.stderr.write(`${label} ${why}\n`);
    process.exit(1);
  };
  const started = start();
  started.catch((err) => fail(`failed to start: ${err instanceof Error ? err.message : String(err)}`));
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return fail(`got ${signal} while stopping: exiting now`);
    stopping = true;
    void started.then((running) => {
      const timeoutMs = running.drainTimeoutMs ?? DEFAULT_DRAIN_TIMEOUT_MS;
      setTimeout(() => fail(`did not stop within ${timeoutMs} ms of ${signal}: exiting now`), timeoutMs);
      running.stop().then(
        () => process.exit(0),
        (err) => fail(`stop failed: ${err instanceof Error ? err.message : String(err)}`),
      );
    });
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
