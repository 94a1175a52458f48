import { randomBytes } from 'node:crypto';
import type { Request, Response, Router } from 'express';
import { cookiesOf } from '@mailplane/html';
import { MailplaneError } from '@mailplane/sdk';
import { browserOf, type ApiClients, type Browser } from '../api-client';
import { base, secondFactorOf } from '../kit';
import type { Html } from '../html';
import { sameToken, type Sessions } from '../sessions';
import { problemPage } from '../views/errors';
import { signInPage } from '../views/sign-in';

export interface SignInOptions {
  app: Router;
  /** The API, called for the browser signing in. */
  clients: ApiClients;
  sessions: Sessions;
  /** The session cookie's name and flags. */
  cookie: string;
  cookieFlags: string;
  page(res: Response, body: Html, status?: number): void;
}

type Refusal = { title: string; detail?: string };

const SIGN_IN_COOKIE = 'mp_signin';
const randomToken = () => randomBytes(32).toString('base64url');

// What the session will call the API with: a member's session token, or a full-access key; a refusal otherwise.
async function credentialOf(api: (apiKey: string) => ReturnType<ApiClients>, form: Record<string, unknown>): Promise<string | Refusal> {
  const email = String(form.email ?? '').trim();
  if (email) return memberToken(api, email, String(form.password ?? ''), String(form.secondFactor ?? ''));
  const apiKey = String(form.apiKey ?? '').trim();
  if (!apiKey) return { title: 'An email address and a password, or an API key, are needed' };
  try {
    // A full-access route: a sending-only key is refused here, as the dashboard manages the tenant.
    await api(apiKey).apiKeys.list();
    return apiKey;
  } catch (err) {
    if (err instanceof MailplaneError && err.code === 'restricted_api_key') {
      return { title: 'This key cannot sign in', detail: 'It is a sending-only key; sign in with a full-access key.' };
    }
    if (err instanceof MailplaneError && err.status === 401) return { title: 'Unknown API key', detail: 'Check the key, or create one.' };
    return { title: 'The API could not be reached', detail: 'Try again in a moment.' };
  }
}

async function memberToken(
  api: (apiKey: string) => ReturnType<ApiClients>,
  email: string,
  password: string,
  secondFactor: string,
): Promise<string | Refusal> {
  try {
    // POST /sessions is public: the client's bearer is not looked at.
    const client = api('sign-in');
    const created = await client.sessions.create({ email, password, ...secondFactorOf(secondFactor) });
    return created.token;
  } catch (err) {
    if (err instanceof MailplaneError && err.code === 'totp_required')
      return { title: 'Your authenticator code is needed', detail: 'Enter the code your authenticator app shows, or a recovery code.' };
    if (err instanceof MailplaneError && err.status === 429) return { title: 'Too many failed sign-ins', detail: err.problem.detail };
    if (err instanceof MailplaneError && err.status < 500) return { title: 'Wrong email address or password' };
    return { title: 'The API could not be reached', detail: 'Try again in a moment.' };
  }
}

/** GET and POST /sign-in: a member with their email address and password, or a full-access API key. */
export function signInRoutes({ app, clients, sessions, cookie, cookieFlags, page }: SignInOptions) {
  app.get('/sign-in', (req, res) => {
    const csrf = cookiesOf(req.headers.cookie)[SIGN_IN_COOKIE] ?? randomToken();
    res.append('Set-Cookie', `${SIGN_IN_COOKIE}=${csrf}; ${cookieFlags}`);
    const notice = req.query.expired
      ? 'Your session ended: sign in again.'
      : req.query.signedOut
        ? 'Signed out.'
        : req.query.passwordReset
          ? 'Password changed: sign in with it.'
          : null;
    page(res, signInPage(base(req), csrf, null, notice));
  });

  app.post('/sign-in', async (req: Request, res: Response) => {
    const csrf = cookiesOf(req.headers.cookie)[SIGN_IN_COOKIE];
    if (!csrf || !sameToken(req.body?.csrf, csrf))
      return page(res, problemPage(base(req), {}, { title: 'Form expired', detail: 'Reload the page and try again.' }), 403);
    const browser: Browser = browserOf(req);
    const credential = await credentialOf((apiKey) => clients(apiKey, browser), req.body ?? {});
    if (typeof credential !== 'string') return page(res, signInPage(base(req), csrf, credential), 401);
    const session = await sessions.create(credential);
    res.append('Set-Cookie', `${cookie}=${session.id}; ${cookieFlags}`);
    res.redirect(303, `${base(req)}/overview`);
  });
}
