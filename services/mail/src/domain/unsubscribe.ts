import { AppError, type RpcReply } from '@mailplane/contracts';
import { problemReply } from '@mailplane/runtime';
import { confirmPage, donePage, errorPage } from '../unsubscribe/page';
import { maskEmail } from '../unsubscribe/token';
import type { MailDeps } from './deps';
import { suppress } from './suppressions';

const html = (body: string, status = 200): RpcReply => ({
  status,
  contentType: 'text/html; charset=utf-8',
  body,
  headers: { 'Cache-Control': 'no-store' },
});
const wantsHtml = (accept = '') => /text\/html/.test(accept);
const wantsJson = (accept = '') => /json/.test(accept) && !wantsHtml(accept);

/** A refusal as a page for people, as a problem for programs. */
function refuse(code: 'token_invalid' | 'token_expired', requestId: string, asHtml: boolean): RpcReply {
  const err = new AppError(code, code === 'token_expired' ? 'This unsubscribe link has expired.' : 'This unsubscribe link is not valid.');
  if (!asHtml) return problemReply(err, requestId);
  return html(
    errorPage(
      code === 'token_expired' ? 'This link has expired' : 'This link is not valid',
      `${err.detail} If you still receive emails you do not want, use the link in the most recent one.`,
    ),
    err.status,
  );
}

/** GET /unsubscribe: the confirmation page; nothing is changed here. */
export function showUnsubscribePage(deps: MailDeps, token: string, accept: string | undefined, requestId: string): RpcReply {
  const checked = deps.unsubscribeTokens.verify(token, deps.clock.now());
  if (!checked.ok) return refuse(checked.reason === 'expired' ? 'token_expired' : 'token_invalid', requestId, !wantsJson(accept));
  return html(confirmPage(maskEmail(checked.claim.email), token));
}

/**
 * POST /unsubscribe (RFC 8058): the recipient joins the tenant's suppression list. A valid token always
 * answers 200, also when already suppressed; every token that cannot be honoured is a 400 (the spec lists no 410 here).
 */
export async function unsubscribe(
  deps: MailDeps,
  tokens: { query?: string; body?: string },
  accept: string | undefined,
  requestId: string,
): Promise<RpcReply> {
  const token = tokens.query ?? tokens.body;
  const asHtml = wantsHtml(accept);
  if (!token || (tokens.query && tokens.body && tokens.query !== tokens.body)) return refuse('token_invalid', requestId, asHtml);
  const checked = deps.unsubscribeTokens.verify(token, deps.clock.now());
  if (!checked.ok) return refuse('token_invalid', requestId, asHtml);
  const { tenantId, email, messageId } = checked.claim;
  await suppress(deps, tenantId, { email, reason: 'unsubscribed', messageId });
  deps.logger.info('recipient unsubscribed', { tenantId, messageId });
  const masked = maskEmail(email);
  return asHtml ? html(donePage(masked)) : { status: 200, contentType: 'application/json', body: { unsubscribed: true, email: masked } };
}
