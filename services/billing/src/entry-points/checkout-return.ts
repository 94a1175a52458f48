import { AppError, type RpcReply } from '@mailplane/contracts';
import { checkoutReturn } from '../domain/checkout-return';
import type { BillingDeps } from '../domain/deps';
import { checkoutReturnPage, unknownCheckoutPage } from './checkout-return-page';

const html = (body: string, status = 200): RpcReply<string> => ({
  status,
  contentType: 'text/html; charset=utf-8',
  body,
  headers: { 'Cache-Control': 'no-store' },
});
// A browser gets a page; a program that asks for JSON only gets the problem.
const wantsJson = (accept = '') => /json/.test(accept) && !/text\/html/.test(accept);

/** GET /billing/return: always a page for people, also for an unknown checkout. */
export async function checkoutReturnReply(deps: BillingDeps, checkoutId: string, accept: string | undefined): Promise<RpcReply<string>> {
  try {
    return html(checkoutReturnPage(await checkoutReturn(deps, checkoutId)));
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'not_found' || wantsJson(accept)) throw err;
    return html(unknownCheckoutPage(), 404);
  }
}
