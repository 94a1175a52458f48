import type { Request, Response } from 'express';
import { base, chromeFor, handle, idOf, notFoundFor, type Kit } from '../kit';
import { layout, type Chrome } from '../views/layout';
import { identitiesBody, identityBody } from '../views/identities';
const IDN = /^idn_[0-9a-z]{26}$/;

/** Identities: list, add, the records to publish, verify now, delete. */
export function identityRoutes(kit: Kit) {
  const { app, api, page, sessionOf } = kit;
  const chrome = (req: Request, title: string, current: NonNullable<Chrome['current']>, extra: Partial<Chrome> = {}) =>
    chromeFor(kit, req, title, current, extra);
  const notFound = (req: Request, res: Response) => notFoundFor(kit, req, res);

  app.get(
    '/identities',
    handle(async (req, res) => {
      const list = await api(sessionOf(req)).identities.list({ limit: 100 });
      page(res, layout(base(req), chrome(req, 'Identities', 'identities'), identitiesBody(base(req), list, sessionOf(req).csrf)));
    }),
  );
  app.post(
    '/identities',
    handle(async (req, res) => {
      const created = await api(sessionOf(req)).identities.create({
        domain: String(req.body?.domain ?? '')
          .trim()
          .toLowerCase(),
      });
      res.redirect(303, `${base(req)}/identities/${created.id}?notice=identity-created`);
    }),
  );
  app.get(
    '/identities/:id',
    handle(async (req, res) => {
      if (!IDN.test(idOf(req))) return notFound(req, res);
      const identity = await api(sessionOf(req)).identities.get(idOf(req));
      page(res, layout(base(req), chrome(req, identity.domain, 'identities'), identityBody(base(req), identity, sessionOf(req).csrf)));
    }),
  );
  app.post(
    '/identities/:id/verify',
    handle(async (req, res) => {
      if (!IDN.test(idOf(req))) return notFound(req, res);
      const identity = await api(sessionOf(req)).identities.verify(idOf(req));
      res.redirect(303, `${base(req)}/identities/${identity.id}?notice=${identity.status === 'verified' ? 'verified' : 'not-verified'}`);
    }),
  );
  app.post(
    '/identities/:id/tracking',
    handle(async (req, res) => {
      if (!IDN.test(idOf(req))) return notFound(req, res);
      // Each checkbox follows a hidden "off": the last value sent is the box's.
      const last = (name: string) => [req.body?.[name]].flat().pop() === 'on';
      const domain = String(req.body?.trackingDomain ?? '')
        .trim()
        .toLowerCase();
      await api(sessionOf(req)).identities.update(idOf(req), {
        tracking: { opens: last('opens'), clicks: last('clicks') },
        trackingDomain: domain || null,
      });
      res.redirect(303, `${base(req)}/identities/${idOf(req)}?notice=tracking-saved`);
    }),
  );
  app.post(
    '/identities/:id/return-path',
    handle(async (req, res) => {
      if (!IDN.test(idOf(req))) return notFound(req, res);
      const domain = String(req.body?.returnPathDomain ?? '')
        .trim()
        .toLowerCase();
      await api(sessionOf(req)).identities.update(idOf(req), { returnPathDomain: domain || null });
      res.redirect(303, `${base(req)}/identities/${idOf(req)}?notice=return-path-saved`);
    }),
  );
  app.post(
    '/identities/:id/delete',
    handle(async (req, res) => {
      if (!IDN.test(idOf(req)) || req.body?.confirm !== 'yes') return notFound(req, res);
      await api(sessionOf(req)).identities.delete(idOf(req));
      res.redirect(303, `${base(req)}/identities?notice=identity-deleted`);
    }),
  );
}
