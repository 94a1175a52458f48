import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { createSecureContext } from 'node:tls';
import { parseTrustedProxies } from '@mailplane/edge';
import { ConfigError, envReader } from '@mailplane/runtime';
import { gatewayConfig, type GatewayConfig } from '../config';

export interface SubmissionConfig {
  host: string;
  /** STARTTLS (RFC 6409's port 587); 0 takes any free port. */
  port: number;
  /** Implicit TLS (RFC 8314's port 465). */
  tlsPort: number;
  tlsFiles: { cert: string; key: string };
  hostname: string;
  maxBytes: number;
  maxConnections: number;
  /** A client is an IPv4 address or an IPv6 /64. */
  maxConnectionsPerClient: number;
  proxyProtocol: boolean;
  proxyPeers: readonly string[];
  authTimeoutMs: number;
  /** The whole DATA of one message must arrive within this, or a second per `dataMinBytesPerSecond` it sent if longer. */
  dataTimeoutMs: number;
  dataMinBytesPerSecond: number;
  maxAuthFailures: number;
  /** Message bytes the listener holds at once, over every session (451 4.3.1 beyond: try again). */
  maxBufferedBytes: number;
  rpcTimeoutMs: number;
  admission: GatewayConfig['admission'];
}

/** Read at start-up: a new certificate takes a restart. */
export function readTls(files: SubmissionConfig['tlsFiles']): { cert: Buffer; key: Buffer } {
  const read = (name: string, file: string) => {
    try {
      return readFileSync(file);
    } catch (err) {
      throw new ConfigError(name, `names a file that cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'}): ${file}`);
    }
  };
  const tls = { cert: read('SMTP_SUBMISSION_TLS_CERT_FILE', files.cert), key: read('SMTP_SUBMISSION_TLS_KEY_FILE', files.key) };
  try {
    createSecureContext(tls);
  } catch (err) {
    throw new ConfigError(
      'SMTP_SUBMISSION_TLS_CERT_FILE',
      `and SMTP_SUBMISSION_TLS_KEY_FILE are not a PEM certificate and its key: ${(err as Error).message}`,
    );
  }
  return tls;
}

/** Unset: TRUSTED_PROXIES' peers, or with neither set `loopback`, never every peer. */
function proxyPeers(value: string | undefined, trustedProxies: readonly string[]): readonly string[] {
  if (value === undefined) return Object.freeze(trustedProxies.length > 0 ? [...trustedProxies] : ['loopback']);
  try {
    return Object.freeze(parseTrustedProxies(value));
  } catch (err) {
    throw new ConfigError('SMTP_SUBMISSION_TRUSTED_PROXIES', (err as Error).message.replace(/^configuration: TRUSTED_PROXIES /, ''));
  }
}

export function submissionConfig(env: Record<string, string | undefined>): Readonly<SubmissionConfig> {
  const read = envReader(env);
  const gateway = gatewayConfig(env);
  const publicHost = gateway.publicUrl ? new URL(gateway.publicUrl).hostname : undefined;
  return Object.freeze({
    host: read.string('HOST', '0.0.0.0'),
    port: read.int('SMTP_SUBMISSION_PORT', 587, { min: 0, max: 65_535 }),
    tlsPort: read.int('SMTPS_SUBMISSION_PORT', 465, { min: 0, max: 65_535 }),
    tlsFiles: { cert: read.string('SMTP_SUBMISSION_TLS_CERT_FILE'), key: read.string('SMTP_SUBMISSION_TLS_KEY_FILE') },
    hostname: publicHost ?? hostname(),
    maxBytes: gateway.bodyLimitBytes,
    maxConnections: read.int('SMTP_SUBMISSION_MAX_CONNECTIONS', 500, { min: 1 }),
    maxConnectionsPerClient: read.int('SMTP_SUBMISSION_MAX_CONNECTIONS_PER_CLIENT', 20, { min: 1 }),
    proxyProtocol: read.oneOf('SMTP_SUBMISSION_PROXY_PROTOCOL', ['true', 'false'] as const, 'false') === 'true',
    proxyPeers: proxyPeers(read.optional('SMTP_SUBMISSION_TRUSTED_PROXIES'), gateway.trustedProxies),
    authTimeoutMs: read.int('SMTP_SUBMISSION_AUTH_TIMEOUT_MS', 30_000, { min: 100 }),
    dataTimeoutMs: read.int('SMTP_SUBMISSION_DATA_TIMEOUT_MS', 300_000, { min: 100 }),
    dataMinBytesPerSecond: gateway.body.minBytesPerSecond,
    maxAuthFailures: read.int('SMTP_SUBMISSION_MAX_AUTH_FAILURES', 10, { min: 1 }),
    maxBufferedBytes: read.int('SMTP_SUBMISSION_MAX_BUFFERED_BYTES', 256 * 1024 * 1024, { min: gateway.bodyLimitBytes }),
    rpcTimeoutMs: gateway.rpcTimeoutMs,
    admission: gateway.admission,
  });
}
