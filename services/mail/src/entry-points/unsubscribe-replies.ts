import { AppError, type RpcReply } from '@mailplane/contracts';
import type { MailDeps } from '../domain/deps';
import { checkUnsubscribeToken, unsubscribe } from '../domain/unsubscribe';
import { confirmPage, donePage, errorPage } from './unsubscribe-page';

// People (the page's own form, a browser) get HTML; programs get JSON and problems.
const wantsHtml = (accept = '') => /text\/html/.test(accept);
const wantsJson = (accept = '') => /json/.test(accept) && !wantsHtml(accept);

/** `j***@example.com`: enough for the owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

const html = (body: string, status = 200): RpcReply => ({
  status,
  contentType: 'text/html; charset=utf-8',
  body,
  headers: { 'Cache-Control': 'no-store' },
});

/** A refused token as a page for people; anything else goes on to become a problem. */
function refusal(err: unknown, asHtml: boolean): RpcReply {
  if (!asHtml || !(err instanceof AppError) || (err.code !== 'token_invalid' && err.code !== 'token_expired')) throw err;
  const title = err.code === 'token_expired' ? 'This link has expired' : 'This link is not valid';
  return html(
    errorPage(title, `${err.detail} If you still receive emails you do not want, use the link in the most recent one.`),
    err.status,
  );
}

/** GET /unsubscribe: the confirmation page, HTML unless the client asks for JSON only. */
export function unsubscribePageReply(deps: MailDeps, token: string, accept: string | undefined): RpcReply {
  try {
    return html(confirmPage(maskEmail(checkUnsubscribeToken(deps, token).email), token));
  } catch (err) {
    return refusal(err, !wantsJson(accept));
  }
}

/** POST /unsubscribe: JSON unless the client asks for HTML (the page's own form). */
export async function unsubscribeReply(deps: MailDeps, tokens: { query?: string; body?: string }, accept: string | undefined) {
  const asHtml = wantsHtml(accept);
  try {
    const masked = maskEmail((await unsubscribe(deps, tokens)).email);
    return asHtml ? html(donePage(masked)) : { status: 200, contentType: 'application/json', body: { unsubscribed: true, email: masked } };
  } catch (err) {
    return refusal(err, asHtml);
  }
}
