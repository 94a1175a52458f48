import type { Request, Response, Router } from 'express';
import { Mailplane, MailplaneError } from '../../../../sdk/src';
import type { Html } from '../html';
import { base } from '../kit';
import { acceptInvitationPage, resetPasswordPage, signInLinkPage } from '../views/member-links';

type Form = { csrf: string; token: string };
type Problem = { title: string; detail?: string };

/** What the public pages of mailed links need of the app: its forms' token, rendering, and opening a session. */
export interface PublicKit {
  app: Router;
  apiUrl: string;
  page(res: Response, body: Html, status?: number): void;
  /** The form token of the signed-out pages (a cookie), made if the browser has none. */
  formToken(req: Request, res: Response): string;
  /** Whether the form posted carries the token its cookie holds. */
  formTokenMatches(req: Request): boolean;
  /** Opens a dashboard session for a member's session token and sends the browser to the overview. */
  signIn(req: Request, res: Response, sessionToken: string): Promise<void>;
}

// These operations need no credentials; the client's constructor asks for one, and the gateway ignores it here.
const publicApi = (apiUrl: string) => new Mailplane({ apiKey: 'none', baseUrl: apiUrl, maxRetries: 0 });

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
  kit.app.get(path, (req, res) => kit.page(res, view(base(req), { csrf: kit.formToken(req, res), token: String(req.query.token ?? '') })));
  kit.app.post(path, async (req, res) => {
    const form = { csrf: kit.formToken(req, res), token: String(req.body?.token ?? '') };
    if (!kit.formTokenMatches(req)) return kit.page(res, view(base(req), form, { title: 'Form expired', detail: 'Send it again.' }), 403);
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
  const api = publicApi(kit.apiUrl);
  linkPage(kit, '/accept-invitation', acceptInvitationPage, async (req, res, token) => {
    const session = await api.invitations.accept({
      token,
      name: String(req.body?.name ?? '').trim(),
      password: String(req.body?.password ?? ''),
    });
    await kit.signIn(req, res, session.token);
  });
  linkPage(kit, '/reset-password', resetPasswordPage, async (req, res, token) => {
    await api.passwordResets.confirm({ token, password: String(req.body?.password ?? '') });
    res.redirect(303, `${base(req)}/sign-in?passwordReset=1`);
  });
  linkPage(kit, '/sign-in/link', signInLinkPage, async (req, res, token) => {
    const session = await api.signInLinks.confirm({ token });
    await kit.signIn(req, res, session.token);
  });
}
