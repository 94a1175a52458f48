import type { AddressInfo } from 'node:net';
import { trackRequests, type Logger } from '@mailplane/runtime';
import { createDashboardApp, type DashboardOptions } from './app';

const STOP_GRACE_MS = 15_000;

/** The dashboard on its own port (the embedded default's API port + 3, or DASHBOARD_PORT). */
export async function startDashboard(options: DashboardOptions & { host: string; port: number; logger: Logger }) {
  const app = createDashboardApp(options);
  const server = app.listen(options.port, options.host);
  const requests = trackRequests(server);
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host === '0.0.0.0' ? 'localhost' : options.host}:${port}`;
  options.logger.info('dashboard started', { url, api: options.apiUrl });
  return {
    url,
    // Every page waits on the API, whose answers take at most the gateway's deadline.
    stop: () => requests.close(STOP_GRACE_MS),
  };
}
