import { setTimeout as delay } from 'node:timers/promises';
import { startDashboard } from '@mailplane/dashboard';
import { parseTrustedProxies } from '@mailplane/edge';
import { ConfigError, createLogger, drainableProbe, envReader } from '@mailplane/runtime';
import type { PlatformConfig } from './config';
import { storeFor } from './services';

/**
 * The dashboard on its own (distributed mode): a web client of the gateway at API_URL, keeping only its sessions, in
 * a store of its own (the configured database, or `DATA_DIR/dashboard`) that every dashboard process shares.
 * DASHBOARD_SESSION_SECRET seals the API keys of sessions; DASHBOARD_SECURE_COOKIES=false only where it is served
 * over plain HTTP on localhost. DASHBOARD_HOP_SECRET (the gateway's too) proves the browser's address to the gateway,
 * read from X-Forwarded-For of TRUSTED_PROXIES (docs/decisions/real-client-limits.md). It drains like the services: /readyz answers 503 for DRAIN_DELAY_MS, then the pages
 * being served are finished.
 */
export async function startDashboardProcess(config: PlatformConfig) {
  const read = envReader(config.env);
  const apiUrl = read.url('API_URL', undefined, ['http', 'https']);
  const sessionSecret = read.secret('DASHBOARD_SESSION_SECRET', 32);
  const logger = createLogger({ level: config.logLevel, bindings: { process: 'dashboard' } });
  const store = await storeFor('dashboard', config);
  // Ready while its store answers: every page reads its session there.
  const drain = drainableProbe(
    async () => ({
      'dashboard.store': await store.ping().then(
        () => 'up' as const,
        () => 'down' as const,
      ),
    }),
    'dashboard',
  );
  const dashboard = await startDashboard({
    apiUrl,
    secureCookies: read.oneOf('DASHBOARD_SECURE_COOKIES', ['true', 'false'] as const, 'true') === 'true',
    host: read.string('HOST', '0.0.0.0'),
    port: read.int('PORT', 3100, { min: 0, max: 65_535 }),
    logger,
    readiness: drain.readiness,
    smtp: smtpSettings(read),
    store,
    sessionSecret,
    hopSecret: config.env.DASHBOARD_HOP_SECRET ? read.secret('DASHBOARD_HOP_SECRET', 32) : undefined,
    trustedProxies: parseTrustedProxies(read.optional('TRUSTED_PROXIES')),
  }).catch(async (err) => {
    await store.close();
    throw err;
  });
  return {
    url: dashboard.url,
    drainTimeoutMs: config.drainTimeoutMs,
    stop: async () => {
      logger.info('stopping', { service: 'dashboard', drainDelayMs: config.drainDelayMs });
      drain.begin();
      await delay(config.drainDelayMs);
      await dashboard.stop();
      await store.close();
    },
  };
}

/**
 * SMTP submission as applications reach it (the load balancer's host and ports), to show on the API keys page:
 * DASHBOARD_SMTP_HOST, and DASHBOARD_SMTP_PORTS (`<STARTTLS>,<TLS>`, default 587,465). Without a host, none is shown.
 */
function smtpSettings(read: ReturnType<typeof envReader>) {
  const host = read.optional('DASHBOARD_SMTP_HOST');
  if (!host) return undefined;
  const [port, tlsPort] = read.string('DASHBOARD_SMTP_PORTS', '587,465').split(',').map(Number);
  if (![port, tlsPort].every((p) => Number.isInteger(p) && p > 0 && p < 65_536)) {
    throw new ConfigError('DASHBOARD_SMTP_PORTS', 'must be two ports, STARTTLS then TLS, like 587,465');
  }
  return { host, port, tlsPort };
}
