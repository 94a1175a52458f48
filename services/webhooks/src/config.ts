import { ConfigError, envReader } from '@mailplane/runtime';

export interface WebhooksConfig {
  /** Seals endpoint signing secrets at rest. */
  secretKey: string;
  /** Local development: `http://localhost` endpoints are accepted and private addresses may be called. */
  sandbox: boolean;
  retryScheduleMs: number[];
  timeoutMs: number;
  concurrency: number;
  /** Attempts in flight per replica for one tenant, and for one endpoint. */
  tenantConcurrency: number;
  endpointConcurrency: number;
  /** Pauses between probes of a failing endpoint, the last repeating. */
  endpointPausesMs: number[];
  disableAfterMs: number;
  /** Endpoints a tenant may have, by plan id; `endpointLimitDefault` for a plan not listed. */
  endpointLimits: Readonly<Record<string, number>>;
  endpointLimitDefault: number;
  leaseMs: number;
  /** How long a replica holds a background job's lease (the sweeper's, retention's) past its last extension. */
  jobLeaseMs: number;
  /** A pending delivery this overdue, and held by no worker, has lost its work item: the sweeper sends another. */
  redispatchAfterMs: number;
  sweepEveryMs: number;
  /** Settled deliveries (and their attempts) are deleted this many days after their event. */
  deliveryRetentionDays: number;
  retentionPurgeMs: number;
  /** Deliveries one replay call queues at most (the contract's 1000). */
  replayBatch: number;
}

const DEFAULT_RETRY_SCHEDULE = '5s,5m,30m,2h,5h,10h,14h,20h,24h';
const DEFAULT_ENDPOINT_PAUSES = '5s,30s,2m,5m,10m';
const DEFAULT_ENDPOINT_LIMITS = 'free=5,starter=10,growth=25,scale=50';

/** `plan=count,plan=count`, as BODY_RETENTION_DAYS_BY_PLAN is written. */
function planLimits(name: string, text: string): Record<string, number> {
  const limits: Record<string, number> = {};
  for (const entry of text.split(',')) {
    const m = /^\s*([A-Za-z0-9_.-]+)\s*=\s*(\d+)\s*$/.exec(entry);
    if (!m) throw new ConfigError(name, `must look like "plan=count,plan=count", got "${text}"`);
    limits[m[1]] = Number(m[2]);
  }
  return Object.freeze(limits);
}

export function webhooksConfig(env: Record<string, string | undefined>): Readonly<WebhooksConfig> {
  const read = envReader(env);
  const concurrency = read.int('WEBHOOK_CONCURRENCY', 128, { min: 1, max: 1000 });
  const [disableAfterMs, ...extra] = read.durations('WEBHOOK_DISABLE_AFTER', '120h');
  if (extra.length > 0) throw new ConfigError('WEBHOOK_DISABLE_AFTER', 'must be one duration like 120h');
  return Object.freeze({
    secretKey: read.secret('WEBHOOK_SECRET_KEY', 16),
    sandbox: read.oneOf('WEBHOOK_SANDBOX', ['true', 'false'] as const, 'false') === 'true',
    retryScheduleMs: read.durations('WEBHOOK_RETRY_SCHEDULE', DEFAULT_RETRY_SCHEDULE),
    timeoutMs: read.int('WEBHOOK_TIMEOUT_MS', 15_000, { min: 100, max: 60_000 }),
    concurrency,
    // A quarter each: it takes four tenants whose endpoints all hang to fill a replica.
    tenantConcurrency: read.int('WEBHOOK_TENANT_CONCURRENCY', Math.max(1, Math.floor(concurrency / 4)), { min: 1, max: concurrency }),
    endpointConcurrency: read.int('WEBHOOK_ENDPOINT_CONCURRENCY', Math.max(1, Math.floor(concurrency / 4)), { min: 1, max: concurrency }),
    endpointPausesMs: read.durations('WEBHOOK_ENDPOINT_PAUSES', DEFAULT_ENDPOINT_PAUSES),
    disableAfterMs,
    endpointLimits: planLimits('WEBHOOK_ENDPOINT_LIMIT_BY_PLAN', read.string('WEBHOOK_ENDPOINT_LIMIT_BY_PLAN', DEFAULT_ENDPOINT_LIMITS)),
    endpointLimitDefault: read.int('WEBHOOK_ENDPOINT_LIMIT', 10, { min: 0, max: 100_000 }),
    leaseMs: read.int('WEBHOOK_LEASE_MS', 60_000, { min: 100 }),
    jobLeaseMs: read.int('JOB_LEASE_MS', 15_000, { min: 300, max: 600_000 }),
    redispatchAfterMs: read.int('WEBHOOK_REDISPATCH_MS', 60_000, { min: 10 }),
    sweepEveryMs: read.int('WEBHOOK_SWEEP_MS', 15_000, { min: 10 }),
    deliveryRetentionDays: read.int('WEBHOOK_DELIVERY_RETENTION_DAYS', 30, { min: 1, max: 3650 }),
    retentionPurgeMs: read.int('WEBHOOK_RETENTION_PURGE_MS', 60_000, { min: 10 }),
    replayBatch: read.int('WEBHOOK_REPLAY_BATCH', 1000, { min: 1, max: 1000 }),
  });
}
