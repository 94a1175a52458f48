/** Runs `start`, then stops what it started on SIGINT/SIGTERM; a failed start exits 1 with the reason. */
export function runProcess(label: string, start: () => Promise<{ stop(): Promise<void> }>) {
  start().then(
    (running) => {
      const shutdown = async () => {
        await running.stop();
        process.exit(0);
      };
      process.once('SIGINT', shutdown);
      process.once('SIGTERM', shutdown);
    },
    (err) => {
      process.stderr.write(`${label} failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
