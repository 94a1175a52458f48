import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import { cookiesOf } from '@mailplane/html';
import { type ReadinessProbe } from '@mailplane/runtime';
import { MailplaneError } from '@mailplane/sdk';
import { apiClients, browserOf } from './api-client';
import type { Html } from './html';
import { base, type Kit } from './kit';
import { apiKeyRoutes } from './routes/api-keys';
import { auditLogRoutes } from './routes/audit-log';
import { billingRoutes } from './routes/billing';
import { emailRoutes } from './routes/emails';
import { identityRoutes } from './routes/identities';
import { overviewRoutes } from './routes/overview';
import { reputationRoutes } from './routes/reputation';
import { probeRoutes } from './routes/probes';
import { suppressionRoutes } from './routes/suppressions';
import { teamRoutes } from './routes/team';
import { inboundRoutes } from './routes/inbound';
import { memberLinkRoutes } from './routes/member-links';
import { templateRoutes } from './routes/templates';
import { webhookRoutes } from './routes/webhooks';
import { sameToken, type Session, type Sessions } from './sessions';
import { signInRoutes } from './routes/sign-in';
import { notFoundPage, problemPage } from './views/errors';
import type { SmtpSettings } from './views/smtp-settings';

export interface DashboardOptions {
  /** The public API the dashboard is a client of. */
  apiUrl: string;
  /** Cookies marked Secure: on unless the dashboard is served over plain HTTP on localhost. */
  secureCookies: boolean;
  /** In the dashboard's store, shared by every dashboard process (`openSessions`). */
  sessions: Sessions;
  /** What /readyz checks (the process's drain, its store); none: always ready. */
  readiness?: ReadinessProbe;
  /** SMTP submission's public host and ports, shown on the API keys page. */
  smtp?: SmtpSettings;
  /** Proves to the gateway the browser's address each call carries (DASHBOARD_HOP_SECRET); unset: none is carried. */
  hopSecret?: string;
  /** The proxies whose `X-Forwarded-For` names the browser (TRUSTED_PROXIES); none: the socket's peer is the browser. */
  trustedProxies?: readonly string[];
}

const COOKIE = 'mp_session';
// Scripts and styles from the package only; a message's HTML renders in a sandboxed frame, which runs none.
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

// A header anyone can send: a value that does not decode is kept as it came, never thrown on.
/** The dashboard: server-rendered pages over the public API, one session per signed-in member or key. */
export function createDashboardApp(options: DashboardOptions) {
  const { sessions } = options;
  const app = express();
  app.disable('x-powered-by');
  const cookieFlags = `Path=/; HttpOnly; SameSite=Strict${options.secureCookies ? '; Secure' : ''}`;
  const clients = apiClients(options.apiUrl, options.hopSecret);
  const api = (session: Session) => clients(session.apiKey, session.browser ?? { address: undefined, userAgent: undefined });
  // req.ip: the browser, as the trusted load balancer names it, else the peer; the gateway is told it (api-client.ts).
  app.set('trust proxy', options.trustedProxies?.length ? [...options.trustedProxies] : false);

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
  probeRoutes(app, options.readiness ?? (async () => ({})));
  // A template's sources may be long; every other form is small.
  app.use('/templates', express.urlencoded({ extended: false, limit: '1200kb', parameterLimit: 50 }));
  app.use(express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 50 }));

  const page = (res: Response, body: Html, status = 200) => res.status(status).type('html').send(body.toString());

  signInRoutes({ app, clients, sessions, cookie: COOKIE, cookieFlags, page });

  // The pages of the links the platform mails (invitations, resets, sign-in links): signed out, like /sign-in.
  memberLinkRoutes({
    app,
    clients,
    page,
    cookieFlags,
    async signIn(req, res, sessionToken) {
      const session = await sessions.create(sessionToken);
      res.append('Set-Cookie', `${COOKIE}=${session.id}; ${cookieFlags}`);
      res.redirect(303, `${base(req)}/overview`);
    },
  });

  // Everything below needs a session; every change also its CSRF token.
  app.use(async (req: Request & { session?: Session }, res, next) => {
    const session = await sessions.get(cookiesOf(req.headers.cookie)[COOKIE]).catch((err: unknown) => (next(err), undefined));
    if (session === undefined) return;
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
    req.session = { ...session, browser: browserOf(req) };
    next();
  });
  const sessionOf = (req: Request) => (req as Request & { session: Session }).session;

  app.post('/sign-out', async (req, res) => {
    const session = sessionOf(req);
    await sessions.destroy(session.id);
    // A member's API session ends with it; should that fail, it expires on its own.
    if (session.apiKey.startsWith('mps_'))
      await api(session)
        .sessions.end()
        .catch(() => undefined);
    res.append('Set-Cookie', `${COOKIE}=; ${cookieFlags}; Max-Age=0`);
    res.redirect(303, `${base(req)}/sign-in?signedOut=1`);
  });

  app.get('/', (req, res) => res.redirect(303, `${base(req)}/overview`));
  const kit: Kit = { app, api, sessionOf, page, smtp: options.smtp ?? null, docsUrl: `${options.apiUrl.replace(/\/$/, '')}/docs` };
  for (const routes of [
    emailRoutes,
    inboundRoutes,
    overviewRoutes,
    reputationRoutes,
    templateRoutes,
    identityRoutes,
    apiKeyRoutes,
    webhookRoutes,
    suppressionRoutes,
    teamRoutes,
    billingRoutes,
    auditLogRoutes,
  ])
    routes(kit);

  app.use((req, res) => page(res, notFoundPage(base(req), { csrf: sessionOf(req)?.csrf }), 404));

  // The API's answer, shown as its problem; a key the API no longer takes ends every session it had.
  app.use(async (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const session = (req as Request & { session?: Session }).session;
    const wantsJson = req.path.endsWith('/status');
    if (err instanceof MailplaneError && err.status === 401 && session) {
      // Should this fail, the sessions stay, but the API refuses their key anyway: nothing opens for them.
      await sessions.destroyKey(session.apiKey).catch(() => undefined);
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
