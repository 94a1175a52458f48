import type { InboundRouteRecord } from '../../data-access/inbound-routes-repo';
import type { MailDeps } from '../deps';
import { bestRoute, splitAddress } from './patterns';
import { roomForOneMore } from './usage';

/** A recipient the listener said 250 to at RCPT: whose it is and the route that took it. */
export interface AcceptedRecipient {
  address: string;
  tenantId: string;
  route: InboundRouteRecord;
}

/** An SMTP refusal: the reply code and its text (with the enhanced status code). */
export interface SmtpRefusal {
  code: number;
  message: string;
}

export type RcptAnswer = { recipient: AcceptedRecipient } | { refusal: SmtpRefusal };

/** The reply to a route's `reject`: its code, with an enhanced status code of the same class. */
const rejection = (route: InboundRouteRecord): SmtpRefusal => {
  const code = route.action.code ?? 550;
  return { code, message: `${code >= 500 ? '5' : '4'}.7.1 ${route.action.message ?? 'Recipient refused'}` };
};

/**
 * RCPT TO: the recipient's domain must be one a tenant receives at, and one of that tenant's routes must match the
 * address; otherwise 550, so nothing is ever accepted and then dropped. A `reject` route answers as it says. A tenant
 * whose plan's monthly limit is reached gets 452 4.2.2 (mailbox full: the sender retries, and the mail arrives once the
 * month turns or the plan grows).
 */
export async function resolveRecipient(deps: MailDeps, address: string): Promise<RcptAnswer> {
  const parts = splitAddress(address);
  if (!parts) return { refusal: { code: 550, message: `5.1.3 <${address}>: not a mailbox address` } };
  const receiver = await deps.identities.receiverOf(parts.domain);
  if (!receiver) return { refusal: { code: 550, message: `5.1.2 <${address}>: this server does not receive mail for ${parts.domain}` } };
  const route = bestRoute(await deps.inboundRoutes.forDomain(receiver.tenantId, parts.domain), parts.local);
  if (!route) return { refusal: { code: 550, message: `5.1.1 <${address}>: no such recipient here` } };
  if (route.action.type === 'reject') return { refusal: rejection(route) };
  if (!(await roomForOneMore(deps, receiver.tenantId))) {
    return { refusal: { code: 452, message: `4.2.2 <${address}>: mailbox full this month, try again later` } };
  }
  return { recipient: { address, tenantId: receiver.tenantId, route } };
}

/**
 * Whether a recipient may join a transaction: one DATA reply stands for every recipient, so a transaction holds only
 * recipients whose routes ask the same about authentication. Another one is told 452 4.5.3 and sent in a transaction
 * of its own, as MTAs do with a per-transaction recipient limit.
 */
export function joinsTransaction(accepted: AcceptedRecipient[], candidate: AcceptedRecipient): boolean {
  return accepted.every((r) => r.route.refuseUnauthenticated === candidate.route.refuseUnauthenticated);
}
