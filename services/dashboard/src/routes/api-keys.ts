import type { Request, Response } from 'express';
import { base, chromeFor, handle, idOf, notFoundFor, type Kit } from '../kit';
import { layout, type Chrome } from '../views/layout';
import { apiKeysBody } from '../views/api-keys';
const KEY = /^key_[0-9a-z]{26}$/;

/** API keys: list, create (the key shown once, in the answer), revoke. */
export function apiKeyRoutes(kit: Kit) {
  const { app, api, page, sessionOf } = kit;
  const chrome = (req: Request, title: string, current: NonNullable<Chrome['current']>, extra: Partial<Chrome> = {}) =>
    chromeFor(kit, req, title, current, extra);
  const notFound = (req: Request, res: Response) => notFoundFor(kit, req, res);

  app.get(
    '/api-keys',
    handle(async (req, res) => {
      const keys = await api(sessionOf(req)).apiKeys.list();
      page(res, layout(base(req), chrome(req, 'API keys', 'api-keys'), apiKeysBody(base(req), keys.data, sessionOf(req).csrf, kit.smtp)));
    }),
  );
  // The new key is shown in the answer to the POST only: never in a URL, never again.
  app.post(
    '/api-keys',
    handle(async (req, res) => {
      const permission = req.body?.permission === 'sending' ? 'sending' : 'full';
      const domain = String(req.body?.domain ?? '')
        .trim()
        .toLowerCase();
      const name = String(req.body?.name ?? '').trim();
      const created = await api(sessionOf(req)).apiKeys.create({ name, permission, ...(domain ? { domain } : {}) });
      const keys = await api(sessionOf(req)).apiKeys.list();
      page(
        res,
        layout(base(req), chrome(req, 'API keys', 'api-keys'), apiKeysBody(base(req), keys.data, sessionOf(req).csrf, kit.smtp, created)),
        201,
      );
    }),
  );
  app.post(
    '/api-keys/:id/revoke',
    handle(async (req, res) => {
      if (!KEY.test(idOf(req)) || req.body?.confirm !== 'yes') return notFound(req, res);
      await api(sessionOf(req)).apiKeys.revoke(idOf(req));
      res.redirect(303, `${base(req)}/api-keys?notice=key-revoked`);
    }),
  );
}
