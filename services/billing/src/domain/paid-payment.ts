import type { Envelope } from '@mailplane/contracts';
import { auditEvent, type AuditContext } from '@mailplane/runtime';
import type { AccountRecord, Subscription } from '../data-access/accounts-repo';
import type { ProviderPayment } from '../data-access/provider';
import type { BillingDeps } from './deps';
import { changeSubscription } from './entitlement';
import { centsOf } from './money';
import { refundCharge } from './refund';

export interface PaidClaim {
  tenantId: string;
  payment: ProviderPayment;
  source: 'checkout' | 'upgrade';
  plan: string;
  /** The checkout or upgrade record says it was applied (records older than the account's list). */
  appliedBefore: boolean;
  /** The subscription the payment grants on the account as it is now; null when it can grant nothing. */
  grant(account: AccountRecord): Subscription | null;
  /** Written with the grant; none for requests from before audit records. */
  audit: Envelope[];
}

export type PaidOutcome = 'granted' | 'already_granted' | 'refunded';

/** Never both, never neither: the charge is recorded first, the decision in one compare-and-set with the state it was made on. */
export async function settlePaid(deps: BillingDeps, claim: PaidClaim): Promise<PaidOutcome> {
  const { tenantId, payment, source, plan } = claim;
  const money = { tenantId, paymentId: payment.id, amountCents: centsOf(payment.amount), currency: payment.amount.currency, plan, source };
  const charge = await deps.ledger.recordCharge({ ...money, at: deps.clock.now() });
  if (charge.outcome === 'granted') return 'already_granted';
  if (charge.outcome === 'refunded') return 'refunded';
  const decision = await decide(deps, claim);
  if (decision === 'refused') {
    await deps.ledger.markRefundDue(payment.id);
    await refundCharge(deps, money);
    return 'refunded';
  }
  await deps.ledger.recordGrant({ ...money, grantId: payment.id, providerId: payment.id, at: deps.clock.now() });
  await deps.ledger.markGranted(payment.id);
  return decision === 'granted_now' ? 'granted' : 'already_granted';
}

async function decide(deps: BillingDeps, claim: PaidClaim): Promise<'granted_now' | 'granted' | 'refused'> {
  const paymentId = claim.payment.id;
  for (;;) {
    const account = await deps.accounts.ensure(claim.tenantId, deps.clock.now());
    if (claim.appliedBefore || (account.grantedPayments ?? []).includes(paymentId)) return 'granted';
    if ((account.refusedPayments ?? []).includes(paymentId)) return 'refused';
    const next = claim.grant(account);
    if (next && (await changeSubscription(deps, account, next, paymentId, claim.audit))) return 'granted_now';
    if (!next && (await deps.accounts.refusePayment(account, paymentId, deps.clock.now()))) return 'refused';
  }
}

/** Written when the payment settles (often with no one's request at hand), as the change of whoever asked for it. */
export function requestedChange(
  request: { tenantId: string; plan: string; requestedBy?: AuditContext | null },
  operationId: 'createCheckout' | 'upgradeSubscription',
  at: Date,
): Envelope[] {
  if (!request.requestedBy) return [];
  const target = { type: 'subscription', id: request.tenantId };
  return [auditEvent(request.tenantId, request.requestedBy, { operationId, target, changes: { plan: request.plan } }, at)];
}
