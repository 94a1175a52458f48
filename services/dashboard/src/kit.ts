import type { NextFunction, Request, Response, Router } from 'express';
import type { Mailplane } from '@mailplane/sdk';
import type { Html } from './html';
import type { Session } from './sessions';
import { notFoundPage } from './views/errors';
import type { Chrome } from './views/layout';
import type { SmtpSettings } from './views/smtp-settings';

/** What every page's routes share: the API client of the signed-in session, rendering, and small request helpers. */
export interface Kit {
  app: Router;
  api(session: Session): Mailplane;
  sessionOf(req: Request): Session;
  page(res: Response, body: Html, status?: number): void;
  /** The SMTP submission settings the API keys page shows; null when the dashboard was not told them. */
  smtp: SmtpSettings | null;
  /** The API reference (`/docs` of the API), where empty states send a tenant to start. */
  docsUrl: string;
}

export const base = (req: Request) => req.baseUrl;
export const idOf = (req: Request) => String(req.params.id);

/** An async route whose failure goes to the error handler (which shows the API's problem). */
export const handle = (fn: (req: Request, res: Response) => Promise<unknown>) => (req: Request, res: Response, next: NextFunction) =>
  fn(req, res).catch(next);

/** The chrome of a signed-in page. */
export const chromeFor = (kit: Kit, req: Request, title: string, current: NonNullable<Chrome['current']>, extra: Partial<Chrome> = {}) => ({
  title,
  csrf: kit.sessionOf(req).csrf,
  current,
  notice: noticeOf(req),
  ...extra,
});

export const notFoundFor = (kit: Kit, req: Request, res: Response) =>
  kit.page(res, notFoundPage(base(req), { csrf: kit.sessionOf(req).csrf }), 404);

/** A datetime-local value carries no zone: it is read as UTC, as the dashboard shows every time. */
export const utc = (local: string) => (/Z$|[+-]\d\d:\d\d$/.test(local) ? local : `${local.length === 16 ? `${local}:00` : local}Z`);

/** The second-factor field as the API takes it: six digits are an authenticator's code, anything else a recovery code. */
export function secondFactorOf(field: string): { totpCode?: string; recoveryCode?: string } {
  const value = field.trim();
  if (!value) return {};
  return /^\d{6}$/.test(value) ? { totpCode: value } : { recoveryCode: value.slice(0, 32) };
}

const NOTICES: Record<string, string> = {
  'test-sent': 'Test email accepted; its status updates below.',
  'identity-created': 'Identity added: publish its DNS records, then verify.',
  verified: 'Verified: the DKIM record was found. This domain may send.',
  'not-verified': 'Not verified yet: see what the check found below.',
  'identity-deleted': 'Identity deleted.',
  'tracking-saved': 'Tracking settings saved. A new tracking domain is used once its CNAME is verified.',
  'return-path-saved': 'Return path saved. A new return path domain is used once its MX and SPF records are verified.',
  'template-created': 'Template created as a draft: preview it, then publish it for sends to use.',
  'draft-saved': 'Draft saved. Sends keep using the published version until you publish.',
  'template-deleted': 'Template deleted.',
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
  'invitation-revoked': 'Invitation revoked: its link no longer works.',
  'role-changed': 'Role changed: it applies from their next request.',
  'member-removed': 'Member removed: their sessions have ended.',
  'second-factor-off': 'Second factor turned off: sign-in asks for your password only.',
};

/** The notice a redirect asked the next page to show (`?notice=<key>`). */
export const noticeOf = (req: Request) => {
  const key = String(req.query.notice ?? '');
  if (key.startsWith('published-')) return `Published as version ${key.slice('published-'.length)}: sends use it from now on.`;
  return key.startsWith('upgraded-') ? `Upgraded to ${key.slice('upgraded-'.length)}.` : (NOTICES[key] ?? null);
};
