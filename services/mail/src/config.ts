import { availableParallelism } from 'node:os';
import { SEND_RATE_LIMIT, UNSUBSCRIBE_TOKEN_TTL_DAYS } from '@mailplane/contracts';
import { ConfigError, envReader } from '@mailplane/runtime';
import { inboundConfig, type InboundConfig } from './inbound-config';

export interface MailConfig {
  smtpUrl: string;
  dkimKeySecret: string;
  dnsServers: string[] | undefined;
  defaultSelector: string;
  spfInclude: string;
  retryScheduleMs: number[];
  leaseMs: number;
  sweepEveryMs: number;
  /** How long a background job's lease (and a replica's sign of life) lasts: a dead holder's jobs move on after it. */
  jobLeaseMs: number;
  redispatchAfterMs: number;
  workerPrefetch: number;
  smtpPoolSize: number;
  /** Worker threads that render, sign and relay; 0 does it on the event loop. */
  deliveryThreads: number;
  /** A compiled tree (`npm run build`) the worker threads load from when the service runs from TypeScript. */
  compiledTree: string | null;
  defaultMonthlyQuota: number;
  rateLimit: { limit: number; windowSeconds: number };
  /** Test emails (POST /emails/test) a tenant may send per UTC day; outside the monthly quota and the send rate limit. */
  testEmailDailyLimit: number;
  testEmailRate: { limit: number; windowSeconds: number };
  publicUrl: string;
  unsubscribeSecret: string;
  unsubscribeTtlDays: number;
  retention: RetentionConfig;
  bounces: BounceConfig | null;
  inbound: InboundConfig | null;
  tracking: TrackingConfig;
  reputation: ReputationConfig;
  /** DKIM_ROTATE_DAYS: keys older than this get a rotation proposed (a pending key and an event); null: never. */
  dkimRotation: { rotateDays: number; checkEveryMs: number } | null;
}

/** When a tenant's rates put it under review or pause its sending (docs/decisions/tenant-reputation.md). */
export interface ReputationConfig {
  windowDays: number;
  bounceReview: number;
  bouncePause: number;
  complaintReview: number;
  complaintPause: number;
  /** No status changes while fewer recipients were attempted in the window. */
  minVolume: number;
  holdRecheckMs: number;
}

export interface TrackingConfig {
  secret: string;
  /** Origin of tracked links for identities without a verified tracking domain; null: none, tracking then needs one. */
  defaultUrl: string | null;
  cnameTarget: string;
  scheme: 'http' | 'https';
  /** An open or click this soon after the message was sent is taken for a machine's (scanners, prefetchers). */
  machineWindowMs: number;
  linkTtlMs: number;
}

export interface BounceConfig {
  domain: string;
  host: string;
  port: number;
  maxBytes: number;
  tagTtlDays: number;
  maxConnections: number;
  maxConnectionsPerClient: number;
  mxHost: string;
  returnPathSpf: string;
}

export interface RetentionConfig {
  bodyDays: number;
  /** By plan code, as billing names it in `entitlement.changed`. */
  bodyDaysByPlan: Readonly<Record<string, number>>;
  /** By tenant id; wins over the plan. */
  bodyDaysByTenant: Readonly<Record<string, number>>;
  messageDays: number;
  purgeEveryMs: number;
}

// RFC 8058 wants an HTTPS link; plain http is accepted only for a gateway on this machine (the sandbox).
function checkedPublicUrl(url: string, name = 'PUBLIC_URL'): string {
  const { protocol, hostname } = new URL(url);
  if (protocol !== 'https:' && !['localhost', '127.0.0.1', '[::1]'].includes(hostname)) {
    throw new Error(`configuration: ${name} must be https (http only for localhost)`);
  }
  return url.replace(/\/+$/, '');
}

// Paid tiers of the default catalogue keep bodies longer; free and starter keep BODY_RETENTION_DAYS.
const DEFAULT_BODY_RETENTION_BY_PLAN = 'growth=60,scale=90';

function daysTable(name: string, text: string): Record<string, number> {
  const table: Record<string, number> = {};
  for (const entry of text.split(',').filter((e) => e.trim() !== '')) {
    const [key, days] = entry.split('=').map((part) => part.trim());
    if (!key || !/^[1-9]\d*$/.test(days ?? '')) throw new ConfigError(name, `must look like "name=days,name=days", got "${text}"`);
    table[key] = Number(days);
  }
  return table;
}

function retentionConfig(read: ReturnType<typeof envReader>): RetentionConfig {
  const bodyDays = read.int('BODY_RETENTION_DAYS', 30, { min: 1, max: 3650 });
  const bodyDaysByPlan = daysTable(
    'BODY_RETENTION_DAYS_BY_PLAN',
    read.string('BODY_RETENTION_DAYS_BY_PLAN', DEFAULT_BODY_RETENTION_BY_PLAN),
  );
  const bodyDaysByTenant = daysTable('BODY_RETENTION_DAYS_BY_TENANT', read.optional('BODY_RETENTION_DAYS_BY_TENANT') ?? '');
  const messageDays = read.int('MESSAGE_RETENTION_DAYS', 396, { min: 1, max: 3650 });
  const longestBody = Math.max(bodyDays, ...Object.values(bodyDaysByPlan), ...Object.values(bodyDaysByTenant));
  if (messageDays < longestBody) {
    throw new ConfigError('MESSAGE_RETENTION_DAYS', `must be at least the longest body retention (${longestBody} days)`);
  }
  const purgeEveryMs = read.int('RETENTION_PURGE_MS', 60_000, { min: 10 });
  return { bodyDays, bodyDaysByPlan, bodyDaysByTenant, messageDays, purgeEveryMs };
}

// Postal-like: quick retries first, then hours apart; about 28 hours in all.
const DEFAULT_RETRY_SCHEDULE = '1m,2m,5m,10m,20m,40m,1h,2h,4h,8h,12h';

export function mailConfig(env: Record<string, string | undefined>): Readonly<MailConfig> {
  const read = envReader(env);
  const retryScheduleMs = read.durations('RETRY_SCHEDULE', DEFAULT_RETRY_SCHEDULE);
  const spfInclude = read.string('SPF_INCLUDE', 'spf.mailplane.dev');
  return Object.freeze({
    smtpUrl: read.url('SMTP_URL', undefined, ['smtp', 'smtps']),
    dkimKeySecret: read.secret('DKIM_KEY_SECRET', 32),
    dnsServers: read
      .optional('DNS_SERVERS')
      ?.split(',')
      .map((s) => s.trim()),
    defaultSelector: read.string('DKIM_SELECTOR', 'mp1'),
    spfInclude,
    retryScheduleMs,
    leaseMs: read.int('SEND_LEASE_MS', 60_000, { min: 100 }),
    sweepEveryMs: read.int('OUTBOX_SWEEP_MS', 1000, { min: 10 }),
    jobLeaseMs: read.int('JOB_LEASE_MS', 15_000, { min: 300, max: 600_000 }),
    redispatchAfterMs: read.int('OUTBOX_REDISPATCH_MS', 10 * 60_000, { min: 100 }),
    workerPrefetch: read.int('SEND_CONCURRENCY', 64, { min: 1, max: 1000 }),
    smtpPoolSize: read.int('SMTP_POOL_SIZE', 10, { min: 1, max: 100 }),
    deliveryThreads: read.int('DELIVERY_THREADS', Math.min(4, availableParallelism() - 1), { min: 0, max: 64 }),
    compiledTree: read.optional('MAILPLANE_COMPILED') ?? null,
    defaultMonthlyQuota: read.int('DEFAULT_MONTHLY_QUOTA', 3000, { min: 0 }),
    rateLimit: {
      limit: read.int('SEND_RATE_LIMIT', SEND_RATE_LIMIT.quota, { min: 1 }),
      windowSeconds: read.int('SEND_RATE_WINDOW_SECONDS', 1, { min: 1, max: 3600 }),
    },
    testEmailDailyLimit: read.int('TEST_EMAIL_DAILY_LIMIT', 50, { min: 0 }),
    testEmailRate: {
      limit: read.int('TEST_EMAIL_RATE_LIMIT', 10, { min: 1 }),
      windowSeconds: read.int('TEST_EMAIL_RATE_WINDOW_SECONDS', 60, { min: 1, max: 3600 }),
    },
    publicUrl: checkedPublicUrl(read.url('PUBLIC_URL', undefined, ['http', 'https'])),
    unsubscribeSecret: read.secret('UNSUBSCRIBE_SECRET', 32),
    bounces: bounceConfig(read, spfInclude),
    inbound: inboundConfig(read),
    tracking: Object.freeze(trackingConfig(read)),
    unsubscribeTtlDays: read.int('UNSUBSCRIBE_TOKEN_TTL_DAYS', UNSUBSCRIBE_TOKEN_TTL_DAYS, { min: 1, max: 3650 }),
    retention: Object.freeze(retentionConfig(read)),
    reputation: Object.freeze(reputationConfig(read)),
    dkimRotation: dkimRotationConfig(read),
  });
}

function fraction(read: ReturnType<typeof envReader>, name: string, fallback: number): number {
  const text = read.optional(name);
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!/^\s*(?:0|1|0?\.\d+)\s*$/.test(text) || !(value > 0) || value > 1)
    throw new ConfigError(name, `must be a fraction above 0 and at most 1, got "${text}"`);
  return value;
}

// Amazon SES's: review at 5 % bounces or 0.1 % complaints, pause at 10 % / 0.5 %.
function reputationConfig(read: ReturnType<typeof envReader>): ReputationConfig {
  const config = {
    windowDays: read.int('REPUTATION_WINDOW_DAYS', 7, { min: 1, max: 90 }),
    bounceReview: fraction(read, 'REPUTATION_BOUNCE_REVIEW', 0.05),
    bouncePause: fraction(read, 'REPUTATION_BOUNCE_PAUSE', 0.1),
    complaintReview: fraction(read, 'REPUTATION_COMPLAINT_REVIEW', 0.001),
    complaintPause: fraction(read, 'REPUTATION_COMPLAINT_PAUSE', 0.005),
    minVolume: read.int('REPUTATION_MIN_VOLUME', 200, { min: 1 }),
    holdRecheckMs: read.int('REPUTATION_HOLD_RECHECK_MS', 30_000, { min: 100, max: 3_600_000 }),
  };
  if (config.bouncePause < config.bounceReview)
    throw new ConfigError('REPUTATION_BOUNCE_PAUSE', 'must be at least REPUTATION_BOUNCE_REVIEW');
  if (config.complaintPause < config.complaintReview)
    throw new ConfigError('REPUTATION_COMPLAINT_PAUSE', 'must be at least REPUTATION_COMPLAINT_REVIEW');
  return config;
}

function trackingConfig(read: ReturnType<typeof envReader>): TrackingConfig {
  const publicUrl = new URL(read.url('PUBLIC_URL', undefined, ['http', 'https']));
  const trackingUrl = read.optionalUrl('TRACKING_URL', ['http', 'https']);
  const defaultUrl = trackingUrl === undefined ? null : checkedPublicUrl(trackingUrl, 'TRACKING_URL');
  const cnameTarget = read.optional('TRACKING_CNAME_TARGET') ?? new URL(defaultUrl ?? publicUrl.href).hostname;
  if (!/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(cnameTarget)) {
    throw new ConfigError('TRACKING_CNAME_TARGET', `must be a lowercase host name, got ${JSON.stringify(cnameTarget)}`);
  }
  return {
    secret: read.secret('TRACKING_SECRET', 32),
    defaultUrl,
    cnameTarget,
    scheme: publicUrl.protocol === 'https:' ? 'https' : 'http',
    machineWindowMs: read.int('TRACKING_MACHINE_WINDOW_SECONDS', 2, { min: 0, max: 3600 }) * 1000,
    linkTtlMs: read.int('TRACKING_LINK_TTL_DAYS', 90, { min: 1, max: 3650 }) * 24 * 3600_000,
  };
}

const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

function bounceConfig(read: ReturnType<typeof envReader>, spfInclude: string): MailConfig['bounces'] {
  const domain = read.optional('BOUNCE_DOMAIN');
  if (!domain) return null;
  if (!HOST_NAME.test(domain)) throw new ConfigError('BOUNCE_DOMAIN', `must be a lowercase domain name, got ${JSON.stringify(domain)}`);
  const mxHost = read.string('BOUNCE_MX_HOST', domain);
  if (!HOST_NAME.test(mxHost)) throw new ConfigError('BOUNCE_MX_HOST', `must be a lowercase host name, got ${JSON.stringify(mxHost)}`);
  const returnPathSpf = read.string('RETURN_PATH_SPF', `v=spf1 include:${spfInclude} ~all`);
  if (!/^v=spf1(\s|$)/.test(returnPathSpf))
    throw new ConfigError('RETURN_PATH_SPF', `must be an SPF record (v=spf1 …), got ${JSON.stringify(returnPathSpf)}`);
  return {
    domain,
    host: read.string('BOUNCE_HOST', '0.0.0.0'),
    port: read.int('BOUNCE_PORT', 2525, { min: 0, max: 65_535 }),
    maxBytes: read.int('BOUNCE_MAX_BYTES', 1024 * 1024, { min: 1024 }),
    tagTtlDays: read.int('BOUNCE_TAG_TTL_DAYS', 30, { min: 1, max: 365 }),
    maxConnections: read.int('BOUNCE_MAX_CONNECTIONS', 100, { min: 1 }),
    maxConnectionsPerClient: read.int('BOUNCE_MAX_CONNECTIONS_PER_CLIENT', 10, { min: 1 }),
    mxHost,
    returnPathSpf,
  };
}

function dkimRotationConfig(read: ReturnType<typeof envReader>): MailConfig['dkimRotation'] {
  if (read.optional('DKIM_ROTATE_DAYS') === undefined) return null;
  const rotateDays = read.int('DKIM_ROTATE_DAYS', 0, { min: 1, max: 3650 });
  return Object.freeze({ rotateDays, checkEveryMs: read.int('DKIM_ROTATE_CHECK_MS', 3_600_000, { min: 10 }) });
}
