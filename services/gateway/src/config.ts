import { envReader } from '@mailplane/runtime';
import type { AdmissionLimits } from './data-access/admission';

export interface GatewayConfig {
  port: number;
  host: string;
  adminToken: string | undefined;
  /** Asked of /metrics scrapers when set; without it /metrics is open (a documented choice: docs/decisions/metrics-open-by-default.md). */
  metricsToken: string | undefined;
  rpcTimeoutMs: number;
  bodyLimitBytes: number;
  publicUrl: string | undefined;
  /** Per service and gateway process: requests forwarded at a time, and how many more may wait for a turn. */
  admission: AdmissionLimits;
}

export function gatewayConfig(env: Record<string, string | undefined>): Readonly<GatewayConfig> {
  const read = envReader(env);
  return Object.freeze({
    port: read.int('PORT', 3000, { min: 0, max: 65535 }),
    host: read.string('HOST', '0.0.0.0'),
    // Without a token the admin surface answers 401 to everyone: it fails closed.
    adminToken: env.ADMIN_TOKEN ? read.secret('ADMIN_TOKEN', 16) : undefined,
    metricsToken: env.METRICS_TOKEN ? read.secret('METRICS_TOKEN', 16) : undefined,
    rpcTimeoutMs: read.int('RPC_TIMEOUT_MS', 10_000, { min: 100 }),
    // Attachments are base64 inside JSON: 10 MB of files is about 13.4 MB of body.
    bodyLimitBytes: read.int('BODY_LIMIT_BYTES', 15 * 1024 * 1024, { min: 1024 }),
    publicUrl: read.optionalUrl('PUBLIC_URL', ['http', 'https']),
    admission: Object.freeze({
      maxInFlight: read.int('FORWARD_MAX_IN_FLIGHT', 32, { min: 1, max: 10_000 }),
      maxWaiting: read.int('FORWARD_MAX_WAITING', 256, { min: 0, max: 100_000 }),
      maxWaitMs: read.int('FORWARD_MAX_WAIT_MS', 2000, { min: 1 }),
    }),
  });
}
