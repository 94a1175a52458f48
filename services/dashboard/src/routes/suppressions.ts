import type { Request } from 'express';
import { base, chromeFor, handle, type Kit } from '../kit';
import { layout, type Chrome } from '../views/layout';
import { suppressionsBody } from '../views/suppressions';

/** Suppressions: search, add, remove. */
export function suppressionRoutes(kit: Kit) {
  const { app, api, page, sessionOf } = kit;
  const chrome = (req: Request, title: string, current: NonNullable<Chrome['current']>, extra: Partial<Chrome> = {}) =>
    chromeFor(kit, req, title, current, extra);

  app.get(
    '/suppressions',
    handle(async (req, res) => {
      const q = String(req.query.q ?? '');
      const list = await api(sessionOf(req)).suppressions.list({ limit: 100, ...(q ? { q } : {}) });
      page(res, layout(base(req), chrome(req, 'Suppressions', 'suppressions'), suppressionsBody(base(req), list, q, sessionOf(req).csrf)));
    }),
  );
  app.post(
    '/suppressions',
    handle(async (req, res) => {
      await api(sessionOf(req)).suppressions.add({ email: String(req.body?.email ?? '').trim() });
      res.redirect(303, `${base(req)}/suppressions?notice=suppression-added`);
    }),
  );
  app.post(
    '/suppressions/remove',
    handle(async (req, res) => {
      await api(sessionOf(req)).suppressions.remove(String(req.body?.email ?? ''));
      res.redirect(303, `${base(req)}/suppressions?notice=suppression-removed`);
    }),
  );
}
