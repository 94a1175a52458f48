import { parseTrustedProxies } from '@mailplane/edge';
import { ConfigError, envReader } from '@mailplane/runtime';
import type { AdmissionLimits } from './flow-control/admission';
import type { SystemMailLimits } from './domain/system-mail-budget';

/** `reads*`: bodies received at once per gateway process; `readsPerSource` counts an IPv6 client by its /64. */
export interface BodyLimits {
  readsPublic: number;
  readsSignIn: number;
  readsPerSource: number;
  readsPerTenant: number;
  timeoutMs: number;
  minBytesPerSecond: number;
}

export interface GatewayConfig {
  port: number;
  host: string;
  adminToken: string | undefined;
  /** The admin surface's own listener; unset: `/admin/...` is served on the API port. */
  adminPort: number | undefined;
  adminHost: string;
  metricsToken: string | undefined;
  /** Without METRICS_TOKEN, /metrics on the API port answers anyone or nobody (docs/decisions/admin-and-metrics-exposure.md). */
  openMetrics: boolean;
  rpcTimeoutMs: number;
  bodyLimitBytes: number;
  publicUrl: string | undefined;
  admission: AdmissionLimits;
  body: BodyLimits;
  /** A request's line and headers must arrive within this long (and a silent connection is closed after it). */
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** Audit records are kept this long from their change (fixed when written). */
  auditRetentionDays: number;
  auditSweepMs: number;
  jobLeaseMs: number;
  /** Peers (a load balancer) whose `X-Forwarded-For` names the client; empty: the socket's peer is the client. */
  trustedProxies: readonly string[];
  /** Proves the dashboard's `Mailplane-Client-Address` (its browser's address); unset: no such claim is believed. */
  dashboardHopSecret: string | undefined;
  dashboardUrl: string | undefined;
  /** Unset: no invitations, sign-in links or resets are mailed. */
  systemMail: SystemMailSender | undefined;
  systemMailLimits: SystemMailLimits;
  /** Seals members' TOTP secrets at rest; unset: no second factor is offered. */
  totpSecretKey: string | undefined;
}

export interface SystemMailSender {
  tenantId: string;
  from: string;
}

/** `openMetrics` is the platform's choice, not the environment's: the embedded default opens, the distributed mode does not. */
export function gatewayConfig(env: Record<string, string | undefined>, options: { openMetrics?: boolean } = {}): Readonly<GatewayConfig> {
  const read = envReader(env);
  const maxInFlight = read.int('FORWARD_MAX_IN_FLIGHT', 32, { min: 1, max: 10_000 });
  const maxWaiting = read.int('FORWARD_MAX_WAITING', 256, { min: 0, max: 100_000 });
  const line = maxInFlight + maxWaiting;
  const publicMax = read.int('FORWARD_MAX_PUBLIC', Math.max(1, Math.floor(line / 8)), { min: 1, max: line });
  return Object.freeze({
    port: read.int('PORT', 3000, { min: 0, max: 65535 }),
    host: read.string('HOST', '0.0.0.0'),
    // Without a token the admin surface answers 401 to everyone: it fails closed.
    adminToken: env.ADMIN_TOKEN ? read.secret('ADMIN_TOKEN', 16) : undefined,
    adminPort: env.ADMIN_PORT ? read.int('ADMIN_PORT', 0, { min: 0, max: 65535 }) : undefined,
    adminHost: read.string('ADMIN_HOST', '127.0.0.1'),
    metricsToken: env.METRICS_TOKEN ? read.secret('METRICS_TOKEN', 16) : undefined,
    openMetrics: options.openMetrics ?? false,
    rpcTimeoutMs: read.int('RPC_TIMEOUT_MS', 10_000, { min: 100 }),
    // Attachments are base64 inside JSON: 10 MB of files is about 13.4 MB of body.
    bodyLimitBytes: read.int('BODY_LIMIT_BYTES', 15 * 1024 * 1024, { min: 1024 }),
    publicUrl: read.optionalUrl('PUBLIC_URL', ['http', 'https']),
    admission: Object.freeze({
      maxInFlight,
      maxWaiting,
      maxWaitMs: read.int('FORWARD_MAX_WAIT_MS', 2000, { min: 1 }),
      publicMax,
      publicPerSourceMax: read.int('FORWARD_MAX_PUBLIC_PER_SOURCE', Math.max(1, Math.floor(publicMax / 4)), { min: 1, max: publicMax }),
      perTenantMax: read.int('FORWARD_MAX_PER_TENANT', Math.max(1, Math.floor(line / 2)), { min: 1, max: line }),
    }),
    body: Object.freeze({
      readsPublic: read.int('BODY_READS_PUBLIC', 32, { min: 1 }),
      readsSignIn: read.int('BODY_READS_SIGN_IN', 32, { min: 1 }),
      readsPerSource: read.int('BODY_READS_PER_SOURCE', 4, { min: 1 }),
      readsPerTenant: read.int('BODY_READS_PER_TENANT', 64, { min: 1 }),
      timeoutMs: read.int('BODY_TIMEOUT_MS', 10_000, { min: 100 }),
      minBytesPerSecond: read.int('BODY_MIN_BYTES_PER_SECOND', 64 * 1024, { min: 1 }),
    }),
    headersTimeoutMs: read.int('HEADERS_TIMEOUT_MS', 10_000, { min: 100 }),
    keepAliveTimeoutMs: read.int('KEEP_ALIVE_TIMEOUT_MS', 5_000, { min: 100 }),
    // 13 months: a year of history plus the month in progress, as message records are kept.
    auditRetentionDays: read.int('AUDIT_RETENTION_DAYS', 396, { min: 1, max: 3650 }),
    auditSweepMs: read.int('AUDIT_SWEEP_MS', 5_000, { min: 100 }),
    trustedProxies: Object.freeze(parseTrustedProxies(read.optional('TRUSTED_PROXIES'))),
    dashboardHopSecret: env.DASHBOARD_HOP_SECRET ? read.secret('DASHBOARD_HOP_SECRET', 32) : undefined,
    jobLeaseMs: read.int('JOB_LEASE_MS', 15_000, { min: 300, max: 600_000 }),
    dashboardUrl: read.optionalUrl('DASHBOARD_URL', ['http', 'https'])?.replace(/\/+$/, ''),
    systemMail: systemMailSender(read),
    systemMailLimits: Object.freeze({
      invitationsPerTenantPerDay: read.int('INVITATIONS_PER_TENANT_PER_DAY', 50, { min: 1, max: 100_000 }),
      perAddressPerHour: read.int('SYSTEM_MAIL_PER_ADDRESS_PER_HOUR', 5, { min: 1, max: 1_000 }),
    }),
    totpSecretKey: env.TOTP_SECRET_KEY ? read.secret('TOTP_SECRET_KEY', 32) : undefined,
  });
}

// Both or neither: a tenant without a From (or the reverse) is a half-made choice, refused at start.
function systemMailSender(read: ReturnType<typeof envReader>): SystemMailSender | undefined {
  const tenantId = read.optional('SYSTEM_MAIL_TENANT_ID');
  const from = read.optional('SYSTEM_MAIL_FROM');
  if (!tenantId && !from) return undefined;
  if (!from) throw new ConfigError('SYSTEM_MAIL_FROM', 'is required with SYSTEM_MAIL_TENANT_ID');
  if (!tenantId) throw new ConfigError('SYSTEM_MAIL_TENANT_ID', 'is required with SYSTEM_MAIL_FROM');
  if (tenantId !== 'sandbox' && !/^ten_[0-9a-z]{26}$/.test(tenantId)) {
    throw new ConfigError('SYSTEM_MAIL_TENANT_ID', 'must be a tenant id (ten_…) or "sandbox"');
  }
  return { tenantId, from };
}
