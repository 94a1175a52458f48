import type { Express } from 'express';
import { isReady, type ReadinessProbe } from '@mailplane/runtime';

/**
 * `/healthz` (the process answers) and `/readyz` (it should be sent requests: 503 once it drains), shaped like
 * the services' ops listeners, for load balancers and orchestrators. Open: they say nothing about any tenant.
 */
export function probeRoutes(app: Express, readiness: ReadinessProbe) {
  app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
  app.get('/readyz', async (_req, res) => {
    const checks = await readiness();
    res.status(isReady(checks) ? 200 : 503).json({ status: isReady(checks) ? 'ready' : 'not_ready', checks });
  });
}
