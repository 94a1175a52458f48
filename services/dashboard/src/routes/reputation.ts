import { base, chromeFor, handle, type Kit } from '../kit';
import { layout } from '../views/layout';
import { reputationBody } from '../views/reputation';

/** Reputation: the sending status and the bounce and complaint rates, overall and per identity. */
export function reputationRoutes(kit: Kit) {
  const { app, api, page, sessionOf } = kit;
  app.get(
    '/reputation',
    handle(async (req, res) => {
      const reputation = await api(sessionOf(req)).emails.reputation();
      page(res, layout(base(req), chromeFor(kit, req, 'Reputation', 'reputation'), reputationBody(reputation)));
    }),
  );
}
