import type { AddressInfo } from 'node:net';
import { newHolderId, runPeriodically, trackRequests, type Logger } from '@mailplane/runtime';
import { leaseOn, type Store } from '@mailplane/store';
import { createDashboardApp, type DashboardOptions } from './app';
import { openSessions } from './sessions';

const STOP_GRACE_MS = 15_000;
/** The purge of expired sessions: one dashboard process at a time. */
export const SESSION_PURGE_JOB = 'dashboard.session-purge';
const PURGE_EVERY_MS = 60_000;

/** The dashboard on its own port (the embedded default's API port + 3, or DASHBOARD_PORT), its sessions in `store`. */
export async function startDashboard(
  options: Omit<DashboardOptions, 'sessions'> & { host: string; port: number; logger: Logger; store: Store; sessionSecret: string },
) {
  const sessions = await openSessions(options.store, options.sessionSecret);
  const app = createDashboardApp({ ...options, sessions });
  const lease = leaseOn(options.store, SESSION_PURGE_JOB, { holder: newHolderId(), ttlMs: PURGE_EVERY_MS / 2 });
  // Runs under the lease SESSION_PURGE_JOB: expired sessions are refused on read already; this only frees their rows.
  const purge = runPeriodically(() => sessions.purge(), PURGE_EVERY_MS, options.logger, 'dashboard session purge', { lease });
  const server = app.listen(options.port, options.host);
  const requests = trackRequests(server);
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host === '0.0.0.0' ? 'localhost' : options.host}:${port}`;
  options.logger.info('dashboard started', { url, api: options.apiUrl });
  return {
    url,
    async stop() {
      await purge.stop();
      // Every page waits on the API, whose answers take at most the gateway's deadline.
      await requests.close(STOP_GRACE_MS);
    },
  };
}
