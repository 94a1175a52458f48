import type { UpgradeRecord } from '../data-access/upgrades-repo';
import type { ProviderPayment } from '../data-access/provider';
import type { BillingDeps } from './deps';
import { changeSubscription, entitles } from './entitlement';
import { syncToHub } from './hub-sync';
import { requestedChange, settlePaid } from './paid-payment';

export type UpgradeCharge = 'applied' | 'already_applied' | 'declined' | 'processing' | 'refunded';

const FINAL_UNPAID = new Set(['failed', 'canceled', 'expired']);

/** A paid charge applies only on the entitlement revision it was priced on and for the current attempt; otherwise it is refunded. */
export async function settleUpgradePayment(deps: BillingDeps, record: UpgradeRecord, payment: ProviderPayment): Promise<UpgradeCharge> {
  if (FINAL_UNPAID.has(payment.status)) {
    await deps.upgrades.settle(record, 'closed', payment.id, deps.clock.now());
    return 'declined';
  }
  if (payment.status !== 'paid') return 'processing';
  const outcome = await settlePaid(deps, {
    tenantId: record.tenantId,
    payment,
    source: 'upgrade',
    plan: record.plan,
    audit: requestedChange(record, 'upgradeSubscription', deps.clock.now()),
    appliedBefore: record.status === 'applied' && record.paymentId === payment.id,
    grant: (account) => {
      const current = account.subscription;
      const ofCurrentAttempt = String(record.attempt) === payment.metadata?.attempt;
      if (!entitles(current) || account.revision !== record.revision || !ofCurrentAttempt) return null;
      return { ...upgraded(current, record), hubSynced: false };
    },
  });
  if (outcome === 'refunded') {
    await deps.upgrades.settle(record, 'closed', payment.id, deps.clock.now());
    return 'refunded';
  }
  await afterUpgrade(deps, record, payment.id);
  return outcome === 'granted' ? 'applied' : 'already_applied';
}

/** An upgrade that costs nothing (no time left to prorate): applied without a payment, recorded as a grant of 0. */
export async function applyFreeUpgrade(deps: BillingDeps, record: UpgradeRecord): Promise<boolean> {
  for (;;) {
    const account = await deps.accounts.byTenant(record.tenantId);
    const current = account?.subscription ?? null;
    if (!account || !entitles(current)) return false;
    if (current.upgradeId === record._id) break;
    if (account.revision !== record.revision) return false;
    const audit = requestedChange(record, 'upgradeSubscription', deps.clock.now());
    if (await changeSubscription(deps, account, { ...upgraded(current, record), hubSynced: false }, undefined, audit)) break;
  }
  const at = deps.clock.now();
  const grant = { tenantId: record.tenantId, paymentId: null, providerId: null, amountCents: 0, currency: record.currency };
  await deps.ledger.recordGrant({ ...grant, grantId: record._id, plan: record.plan, source: 'upgrade', at });
  await afterUpgrade(deps, record, '');
  return true;
}

const upgraded = <S extends { plan: string }>(current: S, record: UpgradeRecord) => ({
  ...current,
  plan: record.plan,
  priceCents: record.priceCents,
  monthlyEmailQuota: record.monthlyEmailQuota,
  upgradeId: record._id,
  scheduledPlan: null,
});

async function afterUpgrade(deps: BillingDeps, record: UpgradeRecord, paymentId: string): Promise<void> {
  await deps.upgrades.settle(record, 'applied', paymentId, deps.clock.now());
  // Renewals charge the larger price from now on.
  await syncToHub(deps, record.tenantId).catch((err) =>
    deps.logger.warn('upgrade not yet known to the hub', { tenantId: record.tenantId, err }),
  );
}
