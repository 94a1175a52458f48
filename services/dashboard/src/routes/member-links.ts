import { randomBytes } from 'node:crypto';
import type { Request, Response, Router } from 'express';
import { cookiesOf } from '@mailplane/html';
import { MailplaneError } from '@mailplane/sdk';
import { browserOf, type ApiClients } from '../api-client';
import type { Html } from '../html';
import { base, secondFactorOf } from '../kit';
import { sameToken } from '../sessions';
import { acceptInvitationPage, resetPasswordPage, signInLinkPage } from '../views/member-links';

type Form = { csrf: string; token: string };
type Problem = { title: string; detail?: string };

/** What the public pages of mailed links need of the app: rendering, the cookies' flags, and opening a session. */
export interface PublicKit {
  app: Router;
  /** The API, called for the browser that opened the link. */
  clients: ApiClients;
  page(res: Response, body: Html, status?: number): void;
  cookieFlags: string;
  /** Opens a dashboard session for a member's session token and sends the browser to the overview. */
  signIn(req: Request, res: Response, sessionToken: string): Promise<void>;
}

// The signed-out forms' token, in a cookie of its own (double submit), as the sign-in form's.
const FORM_COOKIE = 'mp_linkform';

function formToken(req: Request, res: Response, cookieFlags: string): string {
  const csrf = cookiesOf(req.headers.cookie)[FORM_COOKIE] ?? randomBytes(32).toString('base64url');
  res.append('Set-Cookie', `${FORM_COOKIE}=${csrf}; ${cookieFlags}`);
  return csrf;
}

function formTokenMatches(req: Request): boolean {
  const csrf = cookiesOf(req.headers.cookie)[FORM_COOKIE];
  return csrf !== undefined && sameToken(req.body?.csrf, csrf);
}

// These operations need no credentials; the client's constructor asks for one, and the gateway ignores it here.
const publicApi = (kit: PublicKit, req: Request) => kit.clients('none', browserOf(req));

const problemOf = (err: unknown): { status: number; problem: Problem } =>
  err instanceof MailplaneError
    ? { status: err.status, problem: err.problem }
    : { status: 502, problem: { title: 'The API could not be reached', detail: 'Try again in a moment.' } };

/** A page opened from a mail: its form on GET, and on POST the API's answer or the form again with the API's problem. */
function linkPage(
  kit: PublicKit,
  path: string,
  view: (base: string, form: Form, problem?: Problem | null) => Html,
  act: (req: Request, res: Response, token: string) => Promise<void>,
) {
  kit.app.get(path, (req, res) =>
    kit.page(res, view(base(req), { csrf: formToken(req, res, kit.cookieFlags), token: String(req.query.token ?? '') })),
  );
  kit.app.post(path, async (req, res) => {
    const form = { csrf: formToken(req, res, kit.cookieFlags), token: String(req.body?.token ?? '') };
    if (!formTokenMatches(req)) return kit.page(res, view(base(req), form, { title: 'Form expired', detail: 'Send it again.' }), 403);
    try {
      await act(req, res, form.token);
    } catch (err) {
      const { status, problem } = problemOf(err);
      kit.page(res, view(base(req), form, problem), status);
    }
  });
}

/** The dashboard's pages behind the links the platform mails: accept an invitation, reset a password, sign in. */
export function memberLinkRoutes(kit: PublicKit) {
  linkPage(kit, '/accept-invitation', acceptInvitationPage, async (req, res, token) => {
    const session = await publicApi(kit, req).invitations.accept({
      token,
      name: String(req.body?.name ?? '').trim(),
      password: String(req.body?.password ?? ''),
    });
    await kit.signIn(req, res, session.token);
  });
  linkPage(kit, '/reset-password', resetPasswordPage, async (req, res, token) => {
    await publicApi(kit, req).passwordResets.confirm({ token, password: String(req.body?.password ?? '') });
    res.redirect(303, `${base(req)}/sign-in?passwordReset=1`);
  });
  linkPage(kit, '/sign-in/link', signInLinkPage, async (req, res, token) => {
    const session = await publicApi(kit, req).signInLinks.confirm({ token, ...secondFactorOf(String(req.body?.secondFactor ?? '')) });
    await kit.signIn(req, res, session.token);
  });
}
