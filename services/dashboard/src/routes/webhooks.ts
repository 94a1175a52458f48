import type { Request, Response } from 'express';
import { base, chromeFor, handle, idOf, notFoundFor, utc, type Kit } from '../kit';
import { layout, type Chrome } from '../views/layout';
import { webhookBody, webhooksBody } from '../views/webhooks';
const WHE = /^whe_[0-9a-z]{26}$/;
const WHD = /^whd_[0-9a-z]{26}$/;

// The ticked event types; every event when none (or `*`) is ticked.
const eventTypesOf = (req: Request) => {
  const picked = ([] as string[]).concat(req.body?.eventTypes ?? []);
  return (picked.includes('*') || picked.length === 0 ? ['*'] : picked) as ['*'];
};

/** Webhooks: endpoints, their secret, the delivery log, redelivery and replay. */
export function webhookRoutes(kit: Kit) {
  const { app, api, page, sessionOf } = kit;
  const chrome = (req: Request, title: string, current: NonNullable<Chrome['current']>, extra: Partial<Chrome> = {}) =>
    chromeFor(kit, req, title, current, extra);
  const notFound = (req: Request, res: Response) => notFoundFor(kit, req, res);

  app.get(
    '/webhooks',
    handle(async (req, res) => {
      const list = await api(sessionOf(req)).webhooks.list({ limit: 100 });
      page(res, layout(base(req), chrome(req, 'Webhooks', 'webhooks'), webhooksBody(base(req), list, sessionOf(req).csrf)));
    }),
  );
  // A new endpoint's secret is shown in the answer to its POST only.
  app.post(
    '/webhooks',
    handle(async (req, res) => {
      const created = await api(sessionOf(req)).webhooks.create({ url: String(req.body?.url ?? ''), eventTypes: eventTypesOf(req) });
      page(
        res,
        layout(
          base(req),
          chrome(req, 'Webhooks', 'webhooks'),
          webhookBody(base(req), created, [], { status: '' }, sessionOf(req).csrf, created.secret),
        ),
        201,
      );
    }),
  );
  app.get(
    '/webhooks/:id',
    handle(async (req, res) => {
      if (!WHE.test(idOf(req))) return notFound(req, res);
      const status = String(req.query.status ?? '');
      const client = api(sessionOf(req));
      const [endpoint, deliveries] = await Promise.all([
        client.webhooks.get(idOf(req)),
        client.webhooks.deliveries(idOf(req), { limit: 50, ...(status ? { status: status as 'failed' } : {}) }),
      ]);
      page(
        res,
        layout(
          base(req),
          chrome(req, endpoint.url, 'webhooks'),
          webhookBody(base(req), endpoint, deliveries.data, { status }, sessionOf(req).csrf),
        ),
      );
    }),
  );
  app.post(
    '/webhooks/:id/update',
    handle(async (req, res) => {
      if (!WHE.test(idOf(req))) return notFound(req, res);
      const client = api(sessionOf(req));
      if (req.body?.action === 'toggle') {
        const endpoint = await client.webhooks.get(idOf(req));
        await client.webhooks.update(idOf(req), { disabled: !endpoint.disabled });
      } else await client.webhooks.update(idOf(req), { url: String(req.body?.url ?? ''), eventTypes: eventTypesOf(req) });
      res.redirect(303, `${base(req)}/webhooks/${idOf(req)}?notice=endpoint-saved`);
    }),
  );
  app.post(
    '/webhooks/:id/rotate-secret',
    handle(async (req, res) => {
      if (!WHE.test(idOf(req))) return notFound(req, res);
      const client = api(sessionOf(req));
      const rotated = await client.webhooks.rotateSecret(idOf(req));
      const [endpoint, deliveries] = await Promise.all([
        client.webhooks.get(idOf(req)),
        client.webhooks.deliveries(idOf(req), { limit: 50 }),
      ]);
      page(
        res,
        layout(
          base(req),
          chrome(req, endpoint.url, 'webhooks'),
          webhookBody(base(req), endpoint, deliveries.data, { status: '' }, sessionOf(req).csrf, rotated.secret),
        ),
      );
    }),
  );
  app.post(
    '/webhooks/:id/delete',
    handle(async (req, res) => {
      if (!WHE.test(idOf(req)) || req.body?.confirm !== 'yes') return notFound(req, res);
      await api(sessionOf(req)).webhooks.delete(idOf(req));
      res.redirect(303, `${base(req)}/webhooks?notice=endpoint-deleted`);
    }),
  );
  app.post(
    '/webhooks/:id/replay',
    handle(async (req, res) => {
      if (!WHE.test(idOf(req))) return notFound(req, res);
      await api(sessionOf(req)).webhooks.replay(idOf(req), { since: utc(String(req.body?.since ?? '')) });
      res.redirect(303, `${base(req)}/webhooks/${idOf(req)}?notice=replayed`);
    }),
  );
  app.post(
    '/webhooks/:id/deliveries/:delivery/redeliver',
    handle(async (req, res) => {
      const delivery = String(req.params.delivery);
      if (!WHE.test(idOf(req)) || !WHD.test(delivery)) return notFound(req, res);
      await api(sessionOf(req)).webhooks.redeliver(delivery);
      res.redirect(303, `${base(req)}/webhooks/${idOf(req)}?notice=redelivered`);
    }),
  );
}
