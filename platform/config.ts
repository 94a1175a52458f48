import path from 'node:path';
import { ConfigError, envReader } from '@mailplane/runtime';
import type { TelemetryConfig } from '@mailplane/telemetry';

export type Env = Record<string, string | undefined>;

export interface PlatformConfig {
  dataDir: string;
  amqpUrl: string | undefined;
  /** PostgreSQL for every service's store (a schema each) and mail's bodies; unset: MongoDB or SQLite. */
  databaseUrl: string | undefined;
  /** Connections of each process's PostgreSQL pool (its services share it). */
  databasePoolSize: number;
  mongodbUrl: string | undefined;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  sandboxPort: number;
  opsPort: number | undefined;
  opsHost: string;
  /** Asked of /metrics scrapers when set (every listener); without it the ops listeners' /metrics is open. */
  metricsToken: string | undefined;
  /** After SIGTERM, how long the process keeps serving while its /readyz answers 503, so load balancers stop sending. */
  drainDelayMs: number;
  /** After SIGTERM, how long stopping may take before the process exits anyway (under the orchestrator's grace period). */
  drainTimeoutMs: number;
  /** A service process's first this-many ms: it takes few broker requests at a time while it warms (amqp-slow-start.ts). */
  rpcSlowStartMs: number;
  /** Traces to an OTLP/HTTP collector; undefined (tracing off, the SDK never loaded) without OTEL_EXPORTER_OTLP_ENDPOINT. */
  telemetry: TelemetryConfig | undefined;
  env: Env;
}

/** The only place the process environment is read; everything below receives this frozen object. */
export function loadPlatformConfig(env: Env = process.env): Readonly<PlatformConfig> {
  const read = envReader(env);
  const port = read.int('PORT', 3000, { min: 0, max: 65535 });
  const databaseUrl = read.optionalUrl('DATABASE_URL', ['postgres', 'postgresql']);
  const mongodbUrl = read.optionalUrl('MONGODB_URL', ['mongodb', 'mongodb+srv']);
  if (databaseUrl && mongodbUrl) throw new ConfigError('DATABASE_URL', 'and MONGODB_URL are both set: choose one store');
  return Object.freeze({
    dataDir: path.resolve(read.string('DATA_DIR', './data')),
    amqpUrl: read.optionalUrl('AMQP_URL', ['amqp', 'amqps']),
    databaseUrl,
    databasePoolSize: read.int('DATABASE_POOL_SIZE', 10, { min: 1, max: 1000 }),
    mongodbUrl,
    logLevel: read.oneOf('LOG_LEVEL', ['debug', 'info', 'warn', 'error', 'silent'] as const, 'info'),
    sandboxPort: read.int('SANDBOX_PORT', port === 0 ? 0 : port + 1, { min: 0, max: 65535 }),
    opsPort: env.OPS_PORT === undefined ? undefined : read.int('OPS_PORT', 0, { min: 0, max: 65535 }),
    opsHost: read.string('OPS_HOST', '127.0.0.1'),
    metricsToken: env.METRICS_TOKEN ? read.secret('METRICS_TOKEN', 16) : undefined,
    drainDelayMs: read.int('DRAIN_DELAY_MS', 0, { min: 0, max: 60_000 }),
    drainTimeoutMs: read.int('DRAIN_TIMEOUT_MS', 25_000, { min: 1000, max: 600_000 }),
    rpcSlowStartMs: read.int('RPC_SLOW_START_MS', 5000, { min: 0, max: 120_000 }),
    telemetry: telemetryConfig(read),
    env: Object.freeze({ ...env }),
  });
}

/** The standard OpenTelemetry variables read here; the SDK reads its other ones itself (sampler, batching, headers). */
function telemetryConfig(read: ReturnType<typeof envReader>): TelemetryConfig | undefined {
  const endpoint = read.optionalUrl('OTEL_EXPORTER_OTLP_ENDPOINT', ['http', 'https']);
  if (!endpoint) return undefined;
  return Object.freeze({
    tracesUrl: `${endpoint.replace(/\/+$/, '')}/v1/traces`,
    protocol: read.oneOf('OTEL_EXPORTER_OTLP_PROTOCOL', ['http/protobuf', 'http/json'] as const, 'http/protobuf'),
    serviceName: read.optional('OTEL_SERVICE_NAME'),
  });
}
