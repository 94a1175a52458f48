import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Logger } from './logger';

/** What `runPeriodically` needs of a lease (the store's `leaseOn`): one holder at a time across replicas. */
export interface JobLease {
  readonly ttlMs: number;
  acquire(): Promise<boolean>;
  release(): Promise<void>;
}

/** A lease holder's id: unique across hosts, restarts and the services of one process; readable in the store. */
export const newHolderId = () => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

export const processHolderId = newHolderId();

/**
 * Runs `task` every `everyMs`, never two at once; a failure is logged and the next round tries again. With a `lease`,
 * only its holder runs a round; the lease is extended every third of its time and `signal` aborts when an extension
 * fails (another replica may have taken over). `stop()` waits for a round in progress and releases the lease.
 */
export function runPeriodically(
  task: (signal: AbortSignal) => Promise<unknown>,
  everyMs: number,
  logger: Logger,
  what: string,
  options: { lease?: JobLease } = {},
): { stop(): Promise<void> } {
  const { lease } = options;
  let running: Promise<void> | null = null;
  let stopped = false;

  const round = async () => {
    if (lease && !(await lease.acquire())) return;
    const aborter = new AbortController();
    const heartbeat = lease && setInterval(() => extend(lease, aborter), Math.max(1, Math.floor(lease.ttlMs / 3)));
    try {
      await task(aborter.signal);
    } finally {
      clearInterval(heartbeat);
    }
  };
  const extend = (held: JobLease, aborter: AbortController) =>
    held.acquire().then(
      (kept) => kept || aborter.abort(),
      (err) => {
        logger.warn(`${what}: lease not extended`, { err });
        aborter.abort();
      },
    );

  const timer = setInterval(() => {
    if (stopped) return;
    running ??= round()
      .then(
        () => undefined,
        (err) => logger.warn(`${what} failed`, { err }),
      )
      .finally(() => (running = null));
  }, everyMs);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await lease?.release().catch((err) => logger.warn(`${what}: lease not released`, { err }));
    },
  };
}
