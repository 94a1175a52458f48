import { startDashboard } from '@mailplane/dashboard';
import { createLogger, envReader } from '@mailplane/runtime';

/**
 * The dashboard on its own (distributed mode): a web client of the gateway at API_URL, holding no data but its
 * sessions. DASHBOARD_SECURE_COOKIES=false only where it is served over plain HTTP (a local try-out).
 */
export async function startDashboardProcess(env: Record<string, string | undefined>) {
  const read = envReader(env);
  const apiUrl = read.url('API_URL', undefined, ['http', 'https']);
  const logger = createLogger({ level: (env.LOG_LEVEL ?? 'info') as 'info', bindings: { process: 'dashboard' } });
  return startDashboard({
    apiUrl,
    secureCookies: read.oneOf('DASHBOARD_SECURE_COOKIES', ['true', 'false'] as const, 'true') === 'true',
    host: read.string('HOST', '0.0.0.0'),
    port: read.int('PORT', 3100, { min: 0, max: 65_535 }),
    logger,
  });
}
