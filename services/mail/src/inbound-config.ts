import { parseTrustedProxies } from '@mailplane/edge';
import { ConfigError, type envReader } from '@mailplane/runtime';

export interface InboundConfig {
  mxHost: string;
  /** Tenants may receive at `<slug>.<platformDomain>` without publishing anything; null: no platform subdomains. */
  platformDomain: string | null;
  host: string;
  port: number;
  maxBytes: number;
  maxBufferedBytes: number;
  /** Recipients one transaction may have (452 4.5.3 beyond, as RFC 5321 says). */
  maxRecipients: number;
  sessionTimeoutMs: number;
  maxConnections: number;
  maxConnectionsPerClient: number;
  /** Per client address across every replica: MAIL FROMs, and bytes per window of their own (451 4.7.1 beyond either). */
  rateLimit: { limit: number; windowSeconds: number; bytes: { limit: number; windowSeconds: number } };
  socketTimeoutMs: number;
  tls: { certFile: string; keyFile: string } | null;
  /** Every connection starts with a PROXY protocol header (behind HAProxy with `send-proxy`): the client's own address. */
  proxyProtocol: boolean;
  proxyPeers: readonly string[];
  /** A message that came back from the platform itself more times in a row than this is refused (554 5.4.6). */
  maxHops: number;
  monthlyLimitByPlan: Readonly<Record<string, number>>;
  monthlyLimit: number;
  /** `email.received` carries text and HTML up to this many bytes together, none of them beyond. */
  eventContentBytes: number;
  attachmentUrlTtlSeconds: number;
  /** MIME parsing, SPF, DKIM and DMARC of received messages: each within `budgetMs` of a thread's time; the first `signatures` verified. */
  analysis: { threads: number; budgetMs: number; queueLimit: number; signatures: { dkim: number; arc: number } };
}

type Reader = ReturnType<typeof envReader>;

/** The analysis defaults (also what the mail service uses with no listener: stored messages are read the same way). */
export const defaultAnalysis: InboundConfig['analysis'] = { threads: 1, budgetMs: 5000, queueLimit: 16, signatures: { dkim: 5, arc: 3 } };

export const DEFAULT_EVENT_CONTENT_BYTES = 256 * 1024;

const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const DEFAULT_MONTHLY_BY_PLAN = 'free=1000,starter=10000,partner=10000,growth=50000,scale=250000';

function domainOf(read: Reader, name: string): string | undefined {
  const value = read.optional(name);
  if (value !== undefined && !DOMAIN.test(value))
    throw new ConfigError(name, `must be a lowercase domain name, got ${JSON.stringify(value)}`);
  return value;
}

function countsByPlan(name: string, text: string): Record<string, number> {
  const table: Record<string, number> = {};
  for (const entry of text.split(',').filter((e) => e.trim() !== '')) {
    const [key, count] = entry.split('=').map((part) => part.trim());
    if (!key || !/^\d+$/.test(count ?? '')) throw new ConfigError(name, `must look like "plan=count,plan=count", got "${text}"`);
    table[key] = Number(count);
  }
  return table;
}

function tlsFiles(read: Reader): InboundConfig['tls'] {
  const certFile = read.optional('INBOUND_TLS_CERT');
  const keyFile = read.optional('INBOUND_TLS_KEY');
  if (!certFile && !keyFile) return null;
  if (!certFile || !keyFile) throw new ConfigError(certFile ? 'INBOUND_TLS_KEY' : 'INBOUND_TLS_CERT', 'is required with the other');
  return { certFile, keyFile };
}

function proxyPeersOf(read: Reader): readonly string[] {
  const name = read.optional('INBOUND_TRUSTED_PROXIES') === undefined ? 'TRUSTED_PROXIES' : 'INBOUND_TRUSTED_PROXIES';
  try {
    const peers = parseTrustedProxies(read.optional(name));
    return Object.freeze(peers.length > 0 ? peers : ['loopback']);
  } catch (err) {
    throw new ConfigError(name, (err as Error).message.replace(/^configuration: TRUSTED_PROXIES /, ''));
  }
}

function byteBudget(read: Reader, maxBytes: number): InboundConfig['rateLimit']['bytes'] {
  const limit = read.int('INBOUND_RATE_BYTES', Math.max(20 * 1024 * 1024, maxBytes), { min: 1024 });
  if (limit < maxBytes) throw new ConfigError('INBOUND_RATE_BYTES', `must be at least INBOUND_MAX_BYTES (${maxBytes}), got ${limit}`);
  return { limit, windowSeconds: read.int('INBOUND_RATE_BYTES_WINDOW_SECONDS', 10, { min: 1, max: 86_400 }) };
}

export function inboundConfig(read: Reader): InboundConfig | null {
  const mxHost = domainOf(read, 'INBOUND_MX_HOST');
  if (!mxHost) return null;
  const maxBytes = read.int('INBOUND_MAX_BYTES', 10 * 1024 * 1024, { min: 1024, max: 50 * 1024 * 1024 });
  return {
    mxHost,
    platformDomain: domainOf(read, 'INBOUND_DOMAIN') ?? null,
    host: read.string('INBOUND_HOST', '0.0.0.0'),
    port: read.int('INBOUND_PORT', 2526, { min: 0, max: 65_535 }),
    maxBytes,
    maxBufferedBytes: read.int('INBOUND_MAX_BUFFERED_BYTES', 128 * 1024 * 1024, { min: 1024 }),
    maxRecipients: read.int('INBOUND_MAX_RECIPIENTS', 100, { min: 1, max: 10_000 }),
    sessionTimeoutMs: read.int('INBOUND_SESSION_TIMEOUT_MS', 300_000, { min: 100, max: 3_600_000 }),
    maxConnections: read.int('INBOUND_MAX_CONNECTIONS', 200, { min: 1 }),
    maxConnectionsPerClient: read.int('INBOUND_MAX_CONNECTIONS_PER_CLIENT', 10, { min: 1 }),
    rateLimit: {
      limit: read.int('INBOUND_RATE_LIMIT', 120, { min: 1 }),
      windowSeconds: read.int('INBOUND_RATE_WINDOW_SECONDS', 60, { min: 1, max: 86_400 }),
      bytes: byteBudget(read, maxBytes),
    },
    socketTimeoutMs: read.int('INBOUND_TIMEOUT_MS', 60_000, { min: 100, max: 600_000 }),
    tls: tlsFiles(read),
    proxyProtocol: read.oneOf('INBOUND_PROXY_PROTOCOL', ['true', 'false'] as const, 'false') === 'true',
    proxyPeers: proxyPeersOf(read),
    maxHops: read.int('INBOUND_MAX_HOPS', 3, { min: 1, max: 100 }),
    monthlyLimitByPlan: countsByPlan(
      'INBOUND_MONTHLY_LIMIT_BY_PLAN',
      read.string('INBOUND_MONTHLY_LIMIT_BY_PLAN', DEFAULT_MONTHLY_BY_PLAN),
    ),
    monthlyLimit: read.int('INBOUND_MONTHLY_LIMIT', 1000, { min: 0 }),
    eventContentBytes: read.int('INBOUND_EVENT_CONTENT_BYTES', DEFAULT_EVENT_CONTENT_BYTES, { min: 0, max: 50 * 1024 * 1024 }),
    attachmentUrlTtlSeconds: read.durations('INBOUND_ATTACHMENT_URL_TTL', '168h')[0] / 1000,
    analysis: {
      threads: read.int('INBOUND_THREADS', defaultAnalysis.threads, { min: 1, max: 16 }),
      budgetMs: read.int('INBOUND_WORK_BUDGET_MS', defaultAnalysis.budgetMs, { min: 10, max: 600_000 }),
      queueLimit: read.int('INBOUND_WORK_QUEUE', defaultAnalysis.queueLimit, { min: 0, max: 10_000 }),
      signatures: {
        dkim: read.int('INBOUND_MAX_DKIM_SIGNATURES', defaultAnalysis.signatures.dkim, { min: 0, max: 100 }),
        arc: read.int('INBOUND_MAX_ARC_SETS', defaultAnalysis.signatures.arc, { min: 0, max: 50 }),
      },
    },
  };
}
