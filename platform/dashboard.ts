import { setTimeout as delay } from 'node:timers/promises';
import { startDashboard } from '@mailplane/dashboard';
import { parseTrustedProxies } from '@mailplane/edge';
import { ConfigError, createLogger, drainableProbe, envReader } from '@mailplane/runtime';
import type { PlatformConfig } from './config';
import { storeFor } from './services';

/** DASHBOARD_HOP_SECRET proves the browser's address to the gateway (docs/decisions/real-client-limits.md). */
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

/** SMTP submission as applications reach it, for the API keys page; none shown without DASHBOARD_SMTP_HOST. */
function smtpSettings(read: ReturnType<typeof envReader>) {
  const host = read.optional('DASHBOARD_SMTP_HOST');
  if (!host) return undefined;
  const [port, tlsPort] = read.string('DASHBOARD_SMTP_PORTS', '587,465').split(',').map(Number);
  if (![port, tlsPort].every((p) => Number.isInteger(p) && p > 0 && p < 65_536)) {
    throw new ConfigError('DASHBOARD_SMTP_PORTS', 'must be two ports, STARTTLS then TLS, like 587,465');
  }
  return { host, port, tlsPort };
}
