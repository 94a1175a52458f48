import type { AddressInfo } from 'node:net';
import type { Store } from '@mailplane/store';
import { createDashboardApp, openSessions, type SessionLimits } from '../src';

/** A dashboard over `store` (its sessions there) on a free port, as one more dashboard process would be. */
export async function dashboardOn(store: Store, apiUrl: string, limits?: SessionLimits, now?: () => number) {
  const sessions = await openSessions(store, 'dashboard-session-test-secret-0123456789abcdef', limits, now);
  const server = createDashboardApp({ apiUrl, secureCookies: true, sessions }).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise((r) => server.close(r)),
  };
}
