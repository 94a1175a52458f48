import { base, chromeFor, handle, idOf, notFoundFor, type Kit } from '../kit';
import { layout } from '../views/layout';
import { inboundBody, inboundMessageBody } from '../views/inbound';

const ID = /^inb_[0-9a-z]{26}$/;

/** Inbound: the routes and received messages, and one received message. */
export function inboundRoutes(kit: Kit) {
  const { app, api, page, sessionOf } = kit;

  app.get(
    '/inbound',
    handle(async (req, res) => {
      const client = api(sessionOf(req));
      const [routes, messages] = await Promise.all([client.inbound.routes.list({ limit: 100 }), client.inbound.list({ limit: 50 })]);
      page(res, layout(base(req), chromeFor(kit, req, 'Inbound', 'inbound'), inboundBody(base(req), routes, messages)));
    }),
  );
  app.get(
    '/inbound/:id',
    handle(async (req, res) => {
      if (!ID.test(idOf(req))) return notFoundFor(kit, req, res);
      const message = await api(sessionOf(req)).inbound.get(idOf(req));
      page(
        res,
        layout(base(req), chromeFor(kit, req, message.subject || 'Received message', 'inbound'), inboundMessageBody(base(req), message)),
      );
    }),
  );
}
