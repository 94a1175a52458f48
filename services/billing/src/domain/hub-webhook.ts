import { AppError } from '@mailplane/contracts';
import type { Subscription } from '../data-access/accounts-repo';
import type { BillingDeps } from './deps';
import { changeSubscription } from './entitlement';
import { getCatalogue } from './catalogue';
import { verifyHubSignature } from './hub-signature';

/** What a verified hub event did; every one of them is acknowledged to the hub. */
export type HubEventOutcome = 'applied' | 'already_applied' | 'ignored' | 'unattributed';

interface HubEvent {
  id: string;
  type: string;
  data: { external_id?: string; plan_code?: string; current_period_start?: string; current_period_end?: string; fix_until?: string };
}

/** Verified over the exact bytes before anything is read; an event applied before, or of another type, changes nothing. */
export async function handleHubEvent(deps: BillingDeps, raw: Buffer, signature: string | undefined): Promise<HubEventOutcome> {
  if (!deps.config.hub) throw new AppError('billing_not_configured', 'No billing hub is configured.');
  if (!verifyHubSignature(deps.config.hub.webhookSecret, signature, raw, deps.clock.now())) throw new AppError('signature_invalid');
  let event: HubEvent;
  try {
    event = JSON.parse(raw.toString('utf8')) as HubEvent;
  } catch {
    throw new AppError('malformed_json');
  }
  if (typeof event.id !== 'string' || typeof event.type !== 'string')
    throw new AppError('validation_failed', 'The event has no id or no type.');
  if (await deps.hubEvents.seen(event.id)) return 'already_applied';
  const outcome = await apply(deps, event);
  await deps.hubEvents.remember(event.id, event.type, deps.clock.now());
  return outcome;
}

async function apply(deps: BillingDeps, event: HubEvent): Promise<HubEventOutcome> {
  const tenantId = event.data?.external_id;
  if (!tenantId) return 'unattributed';
  for (;;) {
    const account = await deps.accounts.byTenant(tenantId);
    const s = account?.subscription;
    if (!account || !s) return 'unattributed';
    const next = await nextState(deps, s, event);
    if (!next) return 'ignored';
    if (await changeSubscription(deps, account, next)) return 'applied';
  }
}

async function nextState(deps: BillingDeps, s: Subscription, event: HubEvent): Promise<Subscription | null> {
  const d = event.data;
  switch (event.type) {
    case 'subscription.renewed': {
      const plan = d.plan_code ?? s.plan;
      // A scheduled downgrade takes effect here; otherwise the plan is the one we know, or the catalogue's.
      const priced = plan === s.plan ? s : plan === s.scheduledPlan?.plan ? s.scheduledPlan : await catalogued(deps, plan);
      if (!priced || !d.current_period_start || !d.current_period_end) return null;
      return {
        ...s,
        plan,
        priceCents: priced.priceCents,
        monthlyEmailQuota: priced.monthlyEmailQuota,
        status: 'active',
        fixUntil: null,
        scheduledPlan: null,
        periodStart: new Date(d.current_period_start),
        periodEnd: new Date(d.current_period_end),
      };
    }
    case 'subscription.payment_failed':
      return { ...s, status: 'past_due', fixUntil: d.fix_until ? new Date(d.fix_until) : null };
    case 'subscription.lapsed':
      return { ...s, status: 'lapsed', scheduledPlan: null, fixUntil: null };
    case 'subscription.canceled':
      return { ...s, status: 'canceled', scheduledPlan: null, fixUntil: null };
    default:
      return null;
  }
}

async function catalogued(deps: BillingDeps, planId: string) {
  return (await getCatalogue(deps)).plans.find((p) => p.id === planId) ?? null;
}
