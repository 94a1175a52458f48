import type { BillingState, Catalogue, Quote } from '@mailplane/sdk';
import { html, confirmedActionForm, csrfField, pill, table, type Html } from '../html';

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');

/** Plan, usage, pending change and the catalogue, with the action each plan allows from here. */
export function billingBody(base: string, state: BillingState, catalogue: Catalogue, csrf: string) {
  const current = catalogue.plans.find((p) => p.id === state.plan);
  return html`<h1>Billing</h1>
    <dl class="facts">
      <dt>Plan</dt>
      <dd>${current?.name ?? state.plan}${state.granted ? ' (granted)' : ''}</dd>
      <dt>Status</dt>
      <dd>
        ${pill(state.status)}${state.paymentFailed ? html` — <strong>payment failed</strong>, fix it before ${day(state.fixUntil)}` : ''}
      </dd>
      <dt>Quota</dt>
      <dd>
        ${state.usage ? `${state.usage.used} of ${state.usage.limit} emails this month` : `${state.monthlyEmailQuota} emails per month`}
      </dd>
      <dt>Period ends</dt>
      <dd>${day(state.currentPeriodEnd)}${state.cancelAtPeriodEnd ? ' (canceled: ends then)' : ''}</dd>
      ${
        state.scheduledChange
          ? html`<dt>Pending change</dt>
              <dd>${state.scheduledChange.kind} to ${state.scheduledChange.plan} on ${day(state.scheduledChange.effectiveAt)}</dd>`
          : ''
      }
    </dl>
    ${
      state.scheduledChange
        ? html`<form method="post" action="${base}/billing/pending/cancel" class="inline-form">
            ${csrfField(csrf)}<button type="submit">Withdraw the pending change</button>
          </form>`
        : ''
    }
    ${
      state.hasSubscription && !state.cancelAtPeriodEnd
        ? confirmedActionForm({
            action: `${base}/billing/cancel`,
            csrf,
            confirm: 'Cancel the subscription',
            button: 'Cancel subscription',
          })
        : ''
    }
    <h2>Plans</h2>
    ${table(
      [
        { header: 'Plan', cell: (p) => p.name },
        { header: 'Price', cell: (p) => `${money(p.priceCents, catalogue.currency)} / ${p.interval}` },
        { header: 'Emails per month', cell: (p) => p.monthlyEmailQuota, numeric: true },
        { header: 'Action', hiddenHeader: true, cell: (p) => planAction(base, state, catalogue, p, csrf) },
      ],
      catalogue.plans,
      { caption: 'The catalogue', captionHidden: true, empty: 'No plan is offered: billing is not set up on this platform.' },
    )}`;
}

type Plan = Catalogue['plans'][number];

/** What a plan's row offers: it is current, or subscribe, upgrade now, or downgrade at the period's end. */
function planAction(base: string, state: BillingState, catalogue: Catalogue, p: Plan, csrf: string): Html | string {
  const rank = (id: string) => catalogue.plans.findIndex((plan) => plan.id === id);
  if (p.id === state.plan) return pill('active', 'current');
  if (!state.hasSubscription && p.purchasable)
    return html`<form method="post" action="${base}/billing/checkout">
      ${csrfField(csrf)}<input type="hidden" name="plan" value="${p.id}" />
      <button type="submit" aria-label="Subscribe to ${p.name}">Subscribe</button>
    </form>`;
  if (state.hasSubscription && rank(p.id) > rank(state.plan))
    return html`<a class="button primary" href="${base}/billing/upgrade?plan=${encodeURIComponent(p.id)}">Upgrade to ${p.name}</a>`;
  if (state.hasSubscription && p.purchasable)
    return html`<form method="post" action="${base}/billing/downgrade">
      ${csrfField(csrf)}<input type="hidden" name="plan" value="${p.id}" />
      <button type="submit" class="secondary" aria-label="Downgrade to ${p.name}">Downgrade at period end</button>
    </form>`;
  return '';
}

/** The quoted amount, and the consent asked before anything is charged. */
export function upgradeBody(base: string, quote: Quote, csrf: string) {
  const amount = money(quote.amountCents, quote.currency);
  return html`<p><a href="${base}/billing">← Billing</a></p>
    <h1>Upgrade to ${quote.plan}</h1>
    <p>
      Moving from ${quote.currentPlan} to ${quote.plan} now costs <strong id="amount">${amount}</strong> for the rest of the period (until
      ${day(quote.periodEnd)}), charged to the card on file.
    </p>
    <form method="post" action="${base}/billing/upgrade" class="stack">
      ${csrfField(csrf)}
      <input type="hidden" name="plan" value="${quote.plan}" />
      <input type="hidden" name="acceptedCents" value="${quote.amountCents}" />
      <label><input type="checkbox" name="consented" value="yes" required /> I agree to be charged ${amount} now</label>
      <button type="submit">Upgrade and pay ${amount}</button>
    </form>`;
}
