import { availableParallelism } from 'node:os';
import { UNSUBSCRIBE_TOKEN_TTL_DAYS } from '@mailplane/contracts';
import { envReader } from '@mailplane/runtime';

export interface MailConfig {
  smtpUrl: string;
  /** Secret from which the key that seals DKIM private keys at rest is derived. */
  dkimKeySecret: string;
  dnsServers: string[] | undefined;
  defaultSelector: string;
  spfInclude: string;
  /** Delays before each retry after a temporary failure; the message fails after the last one. */
  retryScheduleMs: number[];
  leaseMs: number;
  sweepEveryMs: number;
  /** A queued message not seen by a worker after this long is put on the queue again. */
  redispatchAfterMs: number;
  workerPrefetch: number;
  smtpPoolSize: number;
  /** Worker threads that render, sign and relay; 0 does it on the event loop. */
  deliveryThreads: number;
  defaultMonthlyQuota: number;
  rateLimit: { limit: number; windowSeconds: number };
  /** Base of the links put in emails (the gateway as recipients reach it). */
  publicUrl: string;
  /** Signs unsubscribe tokens. */
  unsubscribeSecret: string;
  unsubscribeTtlDays: number;
}

// RFC 8058 wants an HTTPS link; plain http is accepted only for a gateway on this machine (the sandbox).
function checkedPublicUrl(url: string): string {
  const { protocol, hostname } = new URL(url);
  if (protocol !== 'https:' && !['localhost', '127.0.0.1', '[::1]'].includes(hostname)) {
    throw new Error('configuration: PUBLIC_URL must be https (http only for localhost)');
  }
  return url.replace(/\/+$/, '');
}

// Postal-like: quick retries first, then hours apart; about 28 hours in all.
const DEFAULT_RETRY_SCHEDULE = '1m,2m,5m,10m,20m,40m,1h,2h,4h,8h,12h';

export function mailConfig(env: Record<string, string | undefined>): Readonly<MailConfig> {
  const read = envReader(env);
  const retryScheduleMs = read.durations('RETRY_SCHEDULE', DEFAULT_RETRY_SCHEDULE);
  return Object.freeze({
    smtpUrl: read.url('SMTP_URL', undefined, ['smtp', 'smtps']),
    dkimKeySecret: read.secret('DKIM_KEY_SECRET', 32),
    dnsServers: read
      .optional('DNS_SERVERS')
      ?.split(',')
      .map((s) => s.trim()),
    defaultSelector: read.string('DKIM_SELECTOR', 'mp1'),
    spfInclude: read.string('SPF_INCLUDE', 'spf.mailplane.dev'),
    retryScheduleMs,
    leaseMs: read.int('SEND_LEASE_MS', 60_000, { min: 100 }),
    sweepEveryMs: read.int('OUTBOX_SWEEP_MS', 1000, { min: 10 }),
    redispatchAfterMs: read.int('OUTBOX_REDISPATCH_MS', 10 * 60_000, { min: 100 }),
    workerPrefetch: read.int('SEND_CONCURRENCY', 64, { min: 1, max: 1000 }),
    smtpPoolSize: read.int('SMTP_POOL_SIZE', 10, { min: 1, max: 100 }),
    deliveryThreads: read.int('DELIVERY_THREADS', Math.min(4, availableParallelism() - 1), { min: 0, max: 64 }),
    defaultMonthlyQuota: read.int('DEFAULT_MONTHLY_QUOTA', 3000, { min: 0 }),
    rateLimit: {
      limit: read.int('SEND_RATE_LIMIT', 20, { min: 1 }),
      windowSeconds: read.int('SEND_RATE_WINDOW_SECONDS', 1, { min: 1, max: 3600 }),
    },
    publicUrl: checkedPublicUrl(read.url('PUBLIC_URL', undefined, ['http', 'https'])),
    unsubscribeSecret: read.secret('UNSUBSCRIBE_SECRET', 32),
    unsubscribeTtlDays: read.int('UNSUBSCRIBE_TOKEN_TTL_DAYS', UNSUBSCRIBE_TOKEN_TTL_DAYS, { min: 1, max: 3650 }),
  });
}
