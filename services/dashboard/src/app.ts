import { randomBytes } from 'node:crypto';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import { Mailplane, MailplaneError, type ListEmailsQuery } from '../../../sdk/src';
import type { Html } from './html';
import { createSessions, sameToken, type Session, type SessionLimits } from './sessions';
import { apiKeysBody } from './views/api-keys';
import { billingBody, upgradeBody } from './views/billing';
import { overviewBody } from './views/overview';
import { suppressionsBody } from './views/suppressions';
import { webhookBody, webhooksBody } from './views/webhooks';
import { emailBody, emailsBody } from './views/emails';
import { identitiesBody, identityBody } from './views/identities';
import { notFoundPage, problemPage } from './views/errors';
import { layout } from './views/layout';
import { signInPage } from './views/sign-in';

export interface DashboardOptions {
  /** The public API the dashboard is a client of. */
  apiUrl: string;
  /** Cookies marked Secure: on unless the dashboard is served over plain HTTP on localhost. */
  secureCookies: boolean;
  sessionLimits?: SessionLimits;
}

const COOKIE = 'mp_session';
const SIGN_IN_COOKIE = 'mp_signin';
const FINAL = new Set(['sent', 'failed', 'suppressed', 'canceled', 'bounced', 'complained']);
const ID = /^msg_[0-9a-z]{26}$/;
// Scripts and styles from the package only; a message's HTML renders in a sandboxed frame, which runs none.
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function cookies(req: Request): Record<string, string> {
  return Object.fromEntries(
    (req.headers.cookie ?? '')
      .split(';')
      .map((c) => c.trim().split('='))
      .filter((kv) => kv.length === 2)
      .map(([k, v]) => [k, decodeURIComponent(v)]),
  );
}

/** The dashboard: server-rendered pages over the public API, one session per signed-in key. */
export function createDashboardApp(options: DashboardOptions, now: () => number = Date.now) {
  const sessions = createSessions(options.sessionLimits, now);
  const app = express();
  app.disable('x-powered-by');
  const cookieFlags = `Path=/; HttpOnly; SameSite=Strict${options.secureCookies ? '; Secure' : ''}`;
  const api = (session: Session) => new Mailplane({ apiKey: session.apiKey, baseUrl: options.apiUrl, maxRetries: 0 });

  app.use((req, res, next) => {
    res.set({
      'Content-Security-Policy': CSP,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    });
    next();
  });
  app.use('/assets', express.static(path.join(__dirname, 'assets'), { index: false, fallthrough: false }));
  // The chart library, served from its package: no CDN.
  app.use(
    '/vendor/uplot',
    express.static(path.join(path.dirname(require.resolve('uplot/package.json')), 'dist'), { index: false, fallthrough: false }),
  );
  app.use(express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 50 }));

  const base = (req: Request) => req.baseUrl;
  const page = (res: Response, body: Html, status = 200) => res.status(status).type('html').send(body.toString());

  app.get('/sign-in', (req, res) => {
    const csrf = cookies(req)[SIGN_IN_COOKIE] ?? randomToken();
    res.append('Set-Cookie', `${SIGN_IN_COOKIE}=${csrf}; ${cookieFlags}`);
    const notice = req.query.expired ? 'Your session ended: sign in again.' : req.query.signedOut ? 'Signed out.' : null;
    page(res, signInPage(base(req), csrf, null, notice));
  });

  app.post('/sign-in', async (req, res) => {
    const csrf = cookies(req)[SIGN_IN_COOKIE];
    if (!csrf || !sameToken(req.body?.csrf, csrf))
      return page(res, problemPage(base(req), {}, { title: 'Form expired', detail: 'Reload the page and try again.' }), 403);
    const apiKey = String(req.body?.apiKey ?? '').trim();
    const refuse = (problem: { title: string; detail?: string }) => page(res, signInPage(base(req), csrf, problem), 401);
    if (!apiKey) return refuse({ title: 'An API key is needed' });
    try {
      // A full-access route: a sending-only key is refused here, as the dashboard manages the tenant.
      await new Mailplane({ apiKey, baseUrl: options.apiUrl, maxRetries: 0 }).apiKeys.list();
    } catch (err) {
      if (err instanceof MailplaneError && err.code === 'restricted_api_key') {
        return refuse({ title: 'This key cannot sign in', detail: 'It is a sending-only key; sign in with a full-access key.' });
      }
      if (err instanceof MailplaneError && err.status === 401)
        return refuse({ title: 'Unknown API key', detail: 'Check the key, or create one.' });
      return refuse({ title: 'The API could not be reached', detail: 'Try again in a moment.' });
    }
    const session = sessions.create(apiKey);
    res.append('Set-Cookie', `${COOKIE}=${session.id}; ${cookieFlags}`);
    res.redirect(303, `${base(req)}/overview`);
  });

  // Everything below needs a session; every change also its CSRF token.
  app.use((req: Request & { session?: Session }, res, next) => {
    const session = sessions.get(cookies(req)[COOKIE]);
    if (!session) {
      if (req.accepts(['html', 'json']) === 'json') return res.status(401).json({ status: 'signed_out' });
      return res.redirect(303, `${base(req)}/sign-in`);
    }
    if (req.method === 'POST' && !sameToken(req.body?.csrf, session.csrf)) {
      return page(
        res,
        problemPage(base(req), { csrf: session.csrf }, { title: 'Form expired', detail: 'Reload the page and try again.' }),
        403,
      );
    }
    req.session = session;
    next();
  });
  const sessionOf = (req: Request) => (req as Request & { session: Session }).session;

  app.post('/sign-out', (req, res) => {
    sessions.destroy(sessionOf(req).id);
    res.append('Set-Cookie', `${COOKIE}=; ${cookieFlags}; Max-Age=0`);
    res.redirect(303, `${base(req)}/sign-in?signedOut=1`);
  });

  app.get('/', (req, res) => res.redirect(303, `${base(req)}/overview`));

  app.get('/emails', async (req, res, next) => {
    const session = sessionOf(req);
    const query = listQuery(req.query as Record<string, string>);
    try {
      const [list, identities] = await Promise.all([api(session).emails.list(query), api(session).identities.list({ limit: 100 })]);
      page(
        res,
        layout(
          base(req),
          { title: 'Emails', csrf: session.csrf, current: 'emails', notice: noticeOf(req) },
          emailsBody(base(req), list, query, identities.data, session.csrf),
        ),
      );
    } catch (err) {
      next(err);
    }
  });

  app.post('/emails/test', async (req, res, next) => {
    const session = sessionOf(req);
    try {
      const sent = await api(session).emails.sendTest({ to: String(req.body?.to ?? '') });
      res.redirect(303, `${base(req)}/emails/${sent.id}?notice=test-sent`);
    } catch (err) {
      next(err);
    }
  });

  app.get('/emails/:id/status', async (req, res, next) => {
    if (!ID.test(req.params.id)) return res.status(404).json({ status: 'not_found' });
    try {
      const email = await api(sessionOf(req)).emails.get(req.params.id);
      res.json({ status: email.status, final: FINAL.has(email.status) });
    } catch (err) {
      next(err);
    }
  });

  app.get('/emails/:id', async (req, res, next) => {
    const session = sessionOf(req);
    if (!ID.test(req.params.id)) return page(res, notFoundPage(base(req), { csrf: session.csrf, current: 'emails' }), 404);
    try {
      const client = api(session);
      const [email, endpoints] = await Promise.all([client.emails.get(req.params.id), client.webhooks.list({ limit: 100 })]);
      const logs = await Promise.all(
        endpoints.data.map(async (e) =>
          (await client.webhooks.deliveries(e.id, { messageId: email.id, limit: 50 })).data.map((d) => ({ ...d, endpointUrl: e.url })),
        ),
      );
      const events = logs.flat().sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      page(
        res,
        layout(
          base(req),
          { title: email.subject, csrf: session.csrf, current: 'emails', notice: noticeOf(req) },
          emailBody(base(req), email, events),
        ),
      );
    } catch (err) {
      next(err);
    }
  });

  const IDN = /^idn_[0-9a-z]{26}$/;
  const KEY = /^key_[0-9a-z]{26}$/;
  const chromeOf = (req: Request, title: string, current: 'identities' | 'api-keys') => ({
    title,
    csrf: sessionOf(req).csrf,
    current,
    notice: noticeOf(req),
  });
  const idOf = (req: Request) => String(req.params.id);
  const handle = (fn: (req: Request, res: Response) => Promise<unknown>) => (req: Request, res: Response, next: NextFunction) =>
    fn(req, res).catch(next);

  app.get(
    '/identities',
    handle(async (req, res) => {
      const list = await api(sessionOf(req)).identities.list({ limit: 100 });
      page(res, layout(base(req), chromeOf(req, 'Identities', 'identities'), identitiesBody(base(req), list, sessionOf(req).csrf)));
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
      if (!IDN.test(idOf(req))) return page(res, notFoundPage(base(req), { csrf: sessionOf(req).csrf }), 404);
      const identity = await api(sessionOf(req)).identities.get(idOf(req));
      page(res, layout(base(req), chromeOf(req, identity.domain, 'identities'), identityBody(base(req), identity, sessionOf(req).csrf)));
    }),
  );
  app.post(
    '/identities/:id/verify',
    handle(async (req, res) => {
      if (!IDN.test(idOf(req))) return page(res, notFoundPage(base(req), { csrf: sessionOf(req).csrf }), 404);
      const identity = await api(sessionOf(req)).identities.verify(idOf(req));
      res.redirect(303, `${base(req)}/identities/${identity.id}?notice=${identity.status === 'verified' ? 'verified' : 'not-verified'}`);
    }),
  );
  app.post(
    '/identities/:id/delete',
    handle(async (req, res) => {
      if (!IDN.test(idOf(req)) || req.body?.confirm !== 'yes')
        return page(res, notFoundPage(base(req), { csrf: sessionOf(req).csrf }), 404);
      await api(sessionOf(req)).identities.delete(idOf(req));
      res.redirect(303, `${base(req)}/identities?notice=identity-deleted`);
    }),
  );

  app.get(
    '/api-keys',
    handle(async (req, res) => {
      const keys = await api(sessionOf(req)).apiKeys.list();
      page(res, layout(base(req), chromeOf(req, 'API keys', 'api-keys'), apiKeysBody(base(req), keys.data, sessionOf(req).csrf)));
    }),
  );
  // The new key is shown in the answer to the POST only: never in a URL, never again.
  app.post(
    '/api-keys',
    handle(async (req, res) => {
      const permission = req.body?.permission === 'sending' ? 'sending' : 'full';
      const created = await api(sessionOf(req)).apiKeys.create({ name: String(req.body?.name ?? '').trim(), permission });
      const keys = await api(sessionOf(req)).apiKeys.list();
      page(
        res,
        layout(base(req), chromeOf(req, 'API keys', 'api-keys'), apiKeysBody(base(req), keys.data, sessionOf(req).csrf, created)),
        201,
      );
    }),
  );
  app.post(
    '/api-keys/:id/revoke',
    handle(async (req, res) => {
      if (!KEY.test(idOf(req)) || req.body?.confirm !== 'yes')
        return page(res, notFoundPage(base(req), { csrf: sessionOf(req).csrf }), 404);
      await api(sessionOf(req)).apiKeys.revoke(idOf(req));
      res.redirect(303, `${base(req)}/api-keys?notice=key-revoked`);
    }),
  );

  type Current = 'overview' | 'emails' | 'identities' | 'api-keys' | 'webhooks' | 'suppressions' | 'billing';
  const chrome = (req: Request, title: string, current: Current) => ({ title, csrf: sessionOf(req).csrf, current, notice: noticeOf(req) });
  const WHE = /^whe_[0-9a-z]{26}$/;
  const WHD = /^whd_[0-9a-z]{26}$/;
  const notFound = (req: Request, res: Response) => page(res, notFoundPage(base(req), { csrf: sessionOf(req).csrf }), 404);
  // The ticked event types; every event when none (or `*`) is ticked.
  const eventTypesOf = (req: Request) => {
    const picked = ([] as string[]).concat(req.body?.eventTypes ?? []);
    return (picked.includes('*') || picked.length === 0 ? ['*'] : picked) as ['*'];
  };
  const utc = (local: string) => (/Z$|[+-]\d\d:\d\d$/.test(local) ? local : `${local.length === 16 ? `${local}:00` : local}Z`);

  app.get(
    '/overview',
    handle(async (req, res) => {
      const client = api(sessionOf(req));
      const [stats, state] = await Promise.all([client.emails.stats({ days: 30 }), client.billing.state().catch(() => null)]);
      page(res, layout(base(req), { ...chrome(req, 'Overview', 'overview'), charts: true }, overviewBody(stats.days, state)));
    }),
  );

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

  app.use((req, res) => page(res, notFoundPage(base(req), { csrf: sessionOf(req)?.csrf }), 404));

  // The API's answer, shown as its problem; a key the API no longer takes ends every session it had.
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const session = (req as Request & { session?: Session }).session;
    const wantsJson = req.path.endsWith('/status');
    if (err instanceof MailplaneError && err.status === 401 && session) {
      sessions.destroyKey(session.apiKey);
      res.append('Set-Cookie', `${COOKIE}=; ${cookieFlags}; Max-Age=0`);
      return wantsJson ? res.status(401).json({ status: 'signed_out' }) : res.redirect(303, `${base(req)}/sign-in?expired=1`);
    }
    const chrome = { csrf: session?.csrf };
    if (err instanceof MailplaneError && err.status === 404)
      return wantsJson ? res.status(404).json({ status: 'not_found' }) : page(res, notFoundPage(base(req), chrome), 404);
    const problem =
      err instanceof MailplaneError ? err.problem : { title: 'The API could not be reached', detail: 'Try again in a moment.' };
    const status = err instanceof MailplaneError ? err.status : 502;
    return wantsJson ? res.status(status).json({ status: 'error' }) : page(res, problemPage(base(req), chrome, problem), status);
  });

  return app;
}

const NOTICES: Record<string, string> = {
  'test-sent': 'Test email accepted; its status updates below.',
  'identity-created': 'Identity added: publish its DNS records, then verify.',
  verified: 'Verified: the DKIM record was found. This domain may send.',
  'not-verified': 'Not verified yet: see what the check found below.',
  'identity-deleted': 'Identity deleted.',
  'key-revoked': 'Key revoked: it no longer works anywhere.',
  'suppression-added': 'Address suppressed.',
  'suppression-removed': 'Address removed from the suppression list.',
  'endpoint-saved': 'Endpoint saved.',
  'endpoint-deleted': 'Endpoint deleted.',
  replayed: 'Failed deliveries queued again.',
  redelivered: 'Delivery queued again, signed afresh.',
  'downgrade-scheduled': 'Downgrade scheduled for the end of the period.',
  'pending-withdrawn': 'Pending change withdrawn.',
  canceled: 'Subscription canceled.',
};
const noticeOf = (req: Request) => {
  const key = String(req.query.notice ?? '');
  return key.startsWith('upgraded-') ? `Upgraded to ${key.slice('upgraded-'.length)}.` : (NOTICES[key] ?? null);
};

function listQuery(q: Record<string, string>): ListEmailsQuery {
  const out: Record<string, string | number> = {};
  for (const k of ['status', 'identityId', 'q', 'recipient'] as const) if (q[k]) out[k] = q[k];
  // datetime-local fields carry no zone: they are read as UTC, as the dashboard shows every time.
  for (const k of ['from', 'to'] as const)
    if (q[k]) out[k] = /Z$|[+-]\d\d:\d\d$/.test(q[k]) ? q[k] : `${q[k].length === 16 ? `${q[k]}:00` : q[k]}Z`;
  const offset = Number(q.offset);
  if (Number.isInteger(offset) && offset > 0 && offset <= 10_000) out.offset = offset;
  return out as ListEmailsQuery;
}

const randomToken = () => randomBytes(32).toString('base64url');
