import { AppError, type Catalogue, type Plan } from '@mailplane/contracts';
import type { BillingDeps } from './deps';

const DEFAULT_CURRENCY = 'EUR';

/** Cheapest first. Without the hub, the last catalogue served comes back degraded: nothing purchasable, no price ids. */
export async function getCatalogue(deps: BillingDeps): Promise<Catalogue> {
  try {
    if (!deps.hub) throw new Error('no hub configured');
    const sold = await deps.hub.plans();
    const plans: Plan[] = sold
      .filter((p) => p.interval === 'monthly')
      .map((p) => ({
        id: p.code,
        name: p.name,
        priceCents: p.amount_cents,
        interval: 'month' as const,
        purchasable: p.amount_cents > 0,
        priceId: `${p.code}-monthly-${p.amount_currency.toLowerCase()}`,
        monthlyEmailQuota: p.monthly_email_quota,
      }))
      .sort((a, b) => a.priceCents - b.priceCents);
    const catalogue: Catalogue = { degraded: false, currency: sold[0]?.amount_currency ?? DEFAULT_CURRENCY, plans };
    const last = await deps.catalogue.last();
    if (JSON.stringify(last) !== JSON.stringify(catalogue)) await deps.catalogue.save(catalogue, deps.clock.now());
    return catalogue;
  } catch (err) {
    if (deps.hub) deps.logger.warn('billing hub unreachable; replaying the last catalogue', { err });
    const last = await deps.catalogue.last();
    return {
      degraded: true,
      currency: last?.currency ?? DEFAULT_CURRENCY,
      plans: (last?.plans ?? []).map(({ priceId: _dropped, ...plan }) => ({ ...plan, purchasable: false })),
    };
  }
}

/** A plan that can be bought right now, or 422 `plan_not_purchasable`. */
export async function purchasablePlan(deps: BillingDeps, planId: string) {
  const catalogue = await getCatalogue(deps);
  const plan = catalogue.plans.find((p) => p.id === planId);
  if (!plan || !plan.purchasable) {
    const why = catalogue.degraded
      ? 'the catalogue cannot be reached right now'
      : plan
        ? 'it is free: the free tier is reached by cancellation'
        : 'there is no such plan';
    throw new AppError('plan_not_purchasable', `Plan ${planId} cannot be purchased: ${why}.`);
  }
  return { ...plan, currency: catalogue.currency };
}
