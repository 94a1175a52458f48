import { envReader } from '@mailplane/runtime';

export interface WebhooksConfig {
  /** Seals endpoint signing secrets at rest. */
  secretKey: string;
  /** Local development: `http://localhost` endpoints are accepted and private addresses may be called. */
  sandbox: boolean;
  retryScheduleMs: number[];
  timeoutMs: number;
  concurrency: number;
  leaseMs: number;
  /** Settled deliveries (and their attempts) are deleted this many days after their event. */
  deliveryRetentionDays: number;
  retentionPurgeMs: number;
  /** Deliveries one replay call queues at most (the contract's 1000). */
  replayBatch: number;
}

// The contract's schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h (about 3 days in all).
const DEFAULT_RETRY_SCHEDULE = '5s,5m,30m,2h,5h,10h,14h,20h,24h';

export function webhooksConfig(env: Record<string, string | undefined>): Readonly<WebhooksConfig> {
  const read = envReader(env);
  return Object.freeze({
    secretKey: read.secret('WEBHOOK_SECRET_KEY', 16),
    sandbox: read.oneOf('WEBHOOK_SANDBOX', ['true', 'false'] as const, 'false') === 'true',
    retryScheduleMs: read.durations('WEBHOOK_RETRY_SCHEDULE', DEFAULT_RETRY_SCHEDULE),
    timeoutMs: read.int('WEBHOOK_TIMEOUT_MS', 15_000, { min: 100, max: 60_000 }),
    concurrency: read.int('WEBHOOK_CONCURRENCY', 32, { min: 1, max: 1000 }),
    leaseMs: read.int('WEBHOOK_LEASE_MS', 60_000, { min: 100 }),
    deliveryRetentionDays: read.int('WEBHOOK_DELIVERY_RETENTION_DAYS', 30, { min: 1, max: 3650 }),
    retentionPurgeMs: read.int('WEBHOOK_RETENTION_PURGE_MS', 60_000, { min: 10 }),
    replayBatch: read.int('WEBHOOK_REPLAY_BATCH', 1000, { min: 1, max: 1000 }),
  });
}
