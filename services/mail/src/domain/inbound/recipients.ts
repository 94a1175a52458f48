import type { InboundRouteRecord } from '../../data-access/inbound-routes-repo';
import type { MailDeps } from '../deps';
import { bestRoute, splitAddress } from './patterns';
import { roomForOneMore } from './usage';

export interface AcceptedRecipient {
  address: string;
  tenantId: string;
  route: InboundRouteRecord;
}

export interface SmtpRefusal {
  code: number;
  message: string;
}

export type RcptAnswer = { recipient: AcceptedRecipient } | { refusal: SmtpRefusal };

const rejection = (route: InboundRouteRecord): SmtpRefusal => {
  const code = route.action.code ?? 550;
  return { code, message: `${code >= 500 ? '5' : '4'}.7.1 ${route.action.message ?? 'Recipient refused'}` };
};

/** RCPT TO: 550 unless a route matches, so nothing is accepted and then dropped; 452 4.2.2 past the month (the sender retries). */
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
 * One DATA reply stands for every recipient, so a transaction holds only routes that ask the same about authentication. Another
 * is told 452 4.5.3 and sent in a transaction of its own, as MTAs do with a per-transaction recipient limit.
 */
export function joinsTransaction(accepted: AcceptedRecipient[], candidate: AcceptedRecipient): boolean {
  return accepted.every((r) => r.route.refuseUnauthenticated === candidate.route.refuseUnauthenticated);
}
