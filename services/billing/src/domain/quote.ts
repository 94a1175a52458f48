import { AppError, type Quote } from '@mailplane/contracts';
import type { AccountRecord, Subscription } from '../data-access/accounts-repo';
import { getCatalogue } from './catalogue';
import { configuredProvider } from './upstream';
import type { BillingDeps } from './deps';
import { entitles } from './entitlement';

/** Upgrades charging up to this much need no explicit consent. */
export const PRORATION_FLOOR_CENTS = 50;

/** `(new − old) × secondsLeft ÷ secondsInPeriod`, rounded half up in integers, so the quote and the charge agree. */
export function prorate(differenceCents: number, now: Date, periodStart: Date, periodEnd: Date): number {
  const total = Math.max(1, Math.floor((periodEnd.getTime() - periodStart.getTime()) / 1000));
  const left = Math.min(total, Math.max(0, Math.floor((periodEnd.getTime() - now.getTime()) / 1000)));
  return Math.floor((2 * differenceCents * left + total) / (2 * total));
}

export interface PricedUpgrade {
  account: AccountRecord & { subscription: Subscription };
  quote: Quote;
  target: { id: string; priceCents: number; monthlyEmailQuota: number };
}

/** POST /billing/upgrade/quote, and the fresh computation every upgrade is checked against. */
export async function priceUpgrade(deps: BillingDeps, tenantId: string, planId: string): Promise<PricedUpgrade> {
  configuredProvider(deps);
  const account = await deps.accounts.byTenant(tenantId);
  if (!account || !entitles(account.subscription))
    throw new AppError('no_subscription', 'There is no subscription to upgrade; open a checkout instead.');
  const current = account.subscription;
  const catalogue = await getCatalogue(deps);
  if (catalogue.degraded) throw new AppError('billing_unavailable', 'The plan catalogue cannot be reached; try again shortly.');
  const target = catalogue.plans.find((p) => p.id === planId);
  if (!target) throw new AppError('unknown_plan', `There is no plan ${planId}.`);
  if (target.priceCents <= current.priceCents) throw new AppError('not_an_upgrade', `${planId} is not larger than ${current.plan}.`);
  if (current.status !== 'active' || current.cancelAtPeriodEnd) {
    throw new AppError(
      'tier_change_not_allowed',
      'The subscription cannot change tier while a payment is due or a cancellation is pending.',
    );
  }
  const amountCents = prorate(target.priceCents - current.priceCents, deps.clock.now(), current.periodStart, current.periodEnd);
  return {
    account: account as PricedUpgrade['account'],
    target,
    quote: {
      plan: target.id,
      currentPlan: current.plan,
      amountCents,
      currency: current.currency,
      periodEnd: current.periodEnd.toISOString(),
      consentRequired: amountCents > PRORATION_FLOOR_CENTS,
      prorationFloorCents: PRORATION_FLOOR_CENTS,
    },
  };
}
