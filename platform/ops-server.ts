import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '@mailplane/contracts';
import {
  bearerMatches,
  isReady,
  METRICS_CONTENT_TYPE,
  newId,
  PROBLEM_JSON,
  toProblem,
  type MetricsRegistry,
  type ReadinessProbe,
} from '@mailplane/runtime';

export interface OpsServer {
  url: string;
  stop(): Promise<void>;
}

/** `/metrics`, `/healthz` (the process answers) and `/readyz` (its store and broker can be used), as the gateway's. */
export async function startOpsServer(options: {
  port: number;
  host: string;
  metrics: MetricsRegistry;
  readiness: ReadinessProbe;
  metricsToken: string | undefined;
}): Promise<OpsServer> {
  const server = createServer((req, res) => {
    const send = (status: number, contentType: string, body: string) => {
      res.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body);
    };
    const problem = (err: AppError) => {
      const body = toProblem(err, newId('req'));
      send(body.status, PROBLEM_JSON, JSON.stringify({ ...body, instance: path }));
    };
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET') return problem(new AppError('method_not_allowed', `${req.method} is not allowed here`));
    if (path === '/healthz') return send(200, 'application/json', JSON.stringify({ status: 'ok' }));
    if (path === '/readyz') {
      return void options
        .readiness()
        .then((checks) =>
          isReady(checks)
            ? send(200, 'application/json', JSON.stringify({ status: 'ready', checks }))
            : problem(new AppError('not_ready', 'The store or the broker cannot be used now.', { extra: { checks } })),
        );
    }
    if (path === '/metrics') {
      if (!bearerMatches(req.headers.authorization, options.metricsToken))
        return problem(new AppError('unauthorized', 'Metrics need "Authorization: Bearer <METRICS_TOKEN>".'));
      return void options.metrics.metrics().then(
        (text) => send(200, METRICS_CONTENT_TYPE, text),
        () => problem(new AppError('internal')),
      );
    }
    problem(new AppError('route_not_found', `No route ${path}`));
  });
  await new Promise<void>((resolve, reject) => server.listen(options.port, options.host, resolve).once('error', reject));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
