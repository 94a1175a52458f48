import type { Request, Response } from 'express';
import { base, chromeFor, handle, notFoundFor, type Kit } from '../kit';
import { layout, type Chrome } from '../views/layout';
import { billingBody, upgradeBody } from '../views/billing';
import { problemPage } from '../views/errors';

/** Billing: plan, usage, catalogue, checkout, quote and consented upgrade, downgrade, cancel. */
export function billingRoutes(kit: Kit) {
  const { app, api, page, sessionOf } = kit;
  const chrome = (req: Request, title: string, current: NonNullable<Chrome['current']>, extra: Partial<Chrome> = {}) =>
    chromeFor(kit, req, title, current, extra);
  const notFound = (req: Request, res: Response) => notFoundFor(kit, req, res);

  app.get(
    '/billing',
    handle(async (req, res) => {
      const client = api(sessionOf(req));
      const [state, catalogue] = await Promise.all([client.billing.state(), client.billing.catalogue()]);
      page(res, layout(base(req), chrome(req, 'Billing', 'billing'), billingBody(base(req), state, catalogue, sessionOf(req).csrf)));
    }),
  );
  app.post(
    '/billing/checkout',
    handle(async (req, res) => {
      const checkout = await api(sessionOf(req)).billing.checkout({ plan: String(req.body?.plan ?? '') });
      res.redirect(303, checkout.checkoutUrl);
    }),
  );
  // The quote first: the amount is shown and consented to before any charge.
  app.get(
    '/billing/upgrade',
    handle(async (req, res) => {
      const quote = await api(sessionOf(req)).billing.quoteUpgrade({ plan: String(req.query.plan ?? '') });
      page(res, layout(base(req), chrome(req, 'Upgrade', 'billing'), upgradeBody(base(req), quote, sessionOf(req).csrf)));
    }),
  );
  app.post(
    '/billing/upgrade',
    handle(async (req, res) => {
      if (req.body?.consented !== 'yes') {
        return page(
          res,
          problemPage(
            base(req),
            { csrf: sessionOf(req).csrf },
            { title: 'Consent needed', detail: 'Tick the box to agree to the amount; nothing was charged.' },
          ),
          400,
        );
      }
      const result = await api(sessionOf(req)).billing.upgrade({
        plan: String(req.body?.plan ?? ''),
        acceptedCents: Number(req.body?.acceptedCents),
        consented: true,
      });
      res.redirect(303, `${base(req)}/billing?notice=upgraded-${encodeURIComponent(result.plan)}`);
    }),
  );
  app.post(
    '/billing/downgrade',
    handle(async (req, res) => {
      await api(sessionOf(req)).billing.downgrade({ plan: String(req.body?.plan ?? '') });
      res.redirect(303, `${base(req)}/billing?notice=downgrade-scheduled`);
    }),
  );
  app.post(
    '/billing/pending/cancel',
    handle(async (req, res) => {
      await api(sessionOf(req)).billing.cancelPendingChange();
      res.redirect(303, `${base(req)}/billing?notice=pending-withdrawn`);
    }),
  );
  app.post(
    '/billing/cancel',
    handle(async (req, res) => {
      if (req.body?.confirm !== 'yes') return notFound(req, res);
      await api(sessionOf(req)).billing.cancel();
      res.redirect(303, `${base(req)}/billing?notice=canceled`);
    }),
  );
}
