import { AppError, type RpcReply } from '@mailplane/contracts';
import { json } from '@mailplane/runtime';
import type { MailDeps } from '../../domain/deps';
import { checkUnsubscribeToken, unsubscribe } from '../domain/unsubscribe';
import { confirmPage, donePage, errorPage } from './unsubscribe-page';

/** The highest `q` the Accept header gives any of `types` by name; a wildcard range names none of them. */
function quality(accept: string, types: string[]): number {
  let best = 0;
  for (const range of accept.split(',')) {
    const [type, ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    if (!types.includes(type)) continue;
    const q = params.find((p) => p.startsWith('q='));
    best = Math.max(best, q ? Number(q.slice(2)) || 0 : 1);
  }
  return best;
}

// People (a browser, the page's own form) name HTML in Accept; programs (`*/*`, curl, JSON clients) get JSON.
function wantsHtml(accept = ''): boolean {
  const html = quality(accept, ['text/html', 'application/xhtml+xml']);
  return html > 0 && html >= quality(accept, ['application/problem+json', 'application/json']);
}

/** `j***@example.com`: enough for the owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

const html = (body: string, status = 200): RpcReply<string> => ({
  status,
  contentType: 'text/html; charset=utf-8',
  body,
  headers: { 'Cache-Control': 'no-store' },
});

function refusal(err: unknown, asHtml: boolean): RpcReply<string> {
  if (!asHtml || !(err instanceof AppError) || (err.code !== 'token_invalid' && err.code !== 'token_expired')) throw err;
  const title = err.code === 'token_expired' ? 'This link has expired' : 'This link is not valid';
  return html(
    errorPage(title, `${err.detail} If you still receive emails you do not want, use the link in the most recent one.`),
    err.status,
  );
}

export function unsubscribePageReply(deps: MailDeps, token: string, accept: string | undefined): RpcReply<string> {
  try {
    return html(confirmPage(maskEmail(checkUnsubscribeToken(deps, token).email), token));
  } catch (err) {
    return refusal(err, wantsHtml(accept));
  }
}

export async function unsubscribeReply(deps: MailDeps, tokens: { query?: string; body?: string }, accept: string | undefined) {
  const asHtml = wantsHtml(accept);
  try {
    const masked = maskEmail((await unsubscribe(deps, tokens)).email);
    return asHtml ? html(donePage(masked)) : json({ unsubscribed: true as const, email: masked });
  } catch (err) {
    return refusal(err, asHtml);
  }
}
