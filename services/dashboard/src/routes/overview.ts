import type { Request } from 'express';
import { base, chromeFor, handle, type Kit } from '../kit';
import { layout, type Chrome } from '../views/layout';
import { overviewBody } from '../views/overview';

/** Overview: the sending status, the last 30 days' counts and this month's usage. */
export function overviewRoutes(kit: Kit) {
  const { app, api, page, sessionOf } = kit;
  const chrome = (req: Request, title: string, current: NonNullable<Chrome['current']>, extra: Partial<Chrome> = {}) =>
    chromeFor(kit, req, title, current, extra);

  app.get(
    '/overview',
    handle(async (req, res) => {
      const client = api(sessionOf(req));
      const [stats, state, reputation] = await Promise.all([
        client.emails.stats({ days: 30 }),
        client.billing.state().catch(() => null),
        client.emails.reputation().catch(() => null),
      ]);
      const body = overviewBody(base(req), stats.days, state, reputation, kit.docsUrl);
      page(res, layout(base(req), chrome(req, 'Overview', 'overview', { charts: true }), body));
    }),
  );
}
