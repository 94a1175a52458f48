import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { createSecureContext } from 'node:tls';
import { parseTrustedProxies } from '@mailplane/edge';
import { ConfigError, envReader } from '@mailplane/runtime';
import { gatewayConfig, type GatewayConfig } from '../config';

/** The SMTP submission listener: the gateway's second edge, for applications that can only speak SMTP. */
export interface SubmissionConfig {
  host: string;
  /** STARTTLS (RFC 6409's port 587); 0 takes any free port. */
  port: number;
  /** Implicit TLS (RFC 8314's port 465). */
  tlsPort: number;
  /** PEM files of the certificate (with its chain) and its key. */
  tlsFiles: { cert: string; key: string };
  /** The name the greeting gives. */
  hostname: string;
  /** The largest message, announced in EHLO SIZE: the API's own BODY_LIMIT_BYTES. */
  maxBytes: number;
  /** Sessions over both ports, and from one client (an IPv4 address or an IPv6 /64). */
  maxConnections: number;
  maxConnectionsPerClient: number;
  /** Connections come through a proxy that opens each with a PROXY protocol header (compose's HAProxy). */
  proxyProtocol: boolean;
  /** The peers whose PROXY header is read (addresses, CIDR ranges or loopback). */
  proxyPeers: readonly string[];
  /** A session must authenticate this soon after it connects. */
  authTimeoutMs: number;
  /** The whole DATA of one message must arrive within this, or a second per `dataMinBytesPerSecond` it sent if longer. */
  dataTimeoutMs: number;
  /** The API's BODY_MIN_BYTES_PER_SECOND: DATA at this pace or faster is never cut off, however large. */
  dataMinBytesPerSecond: number;
  /** Failed AUTH attempts one client may make in AUTH_FAILURE_WINDOW_MS before AUTH is refused to it. */
  maxAuthFailures: number;
  /** Message bytes the listener holds at once, over every session (451 4.3.1 beyond: try again). */
  maxBufferedBytes: number;
  rpcTimeoutMs: number;
  admission: GatewayConfig['admission'];
}

/**
 * The certificate and key, read from the files the configuration names (at start-up: a new certificate takes a
 * restart); a file that cannot be read, or a pair that is not a certificate and its key, is refused naming the variable.
 */
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

/**
 * SMTP_SUBMISSION_TRUSTED_PROXIES, as TRUSTED_PROXIES is written; unset, TRUSTED_PROXIES' peers; neither set, a proxy
 * on this host (`loopback`), never every peer.
 */
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
