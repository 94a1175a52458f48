import type { BillingState, Catalogue, Quote } from '../../../../sdk/src';
import { html, confirmedActionForm, csrfField, pill } from '../html';

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');

/** Plan, usage, pending change and the catalogue, with the action each plan allows from here. */
export function billingBody(base: string, state: BillingState, catalogue: Catalogue, csrf: string) {
  const current = catalogue.plans.find((p) => p.id === state.plan);
  const rank = (id: string) => catalogue.plans.findIndex((p) => p.id === id);
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
    <div class="table-wrap">
      <table>
        <caption class="visually-hidden">
          The catalogue
        </caption>
        <thead>
          <tr>
            <th scope="col">Plan</th>
            <th scope="col">Price</th>
            <th scope="col">Emails per month</th>
            <th scope="col"><span class="visually-hidden">Action</span></th>
          </tr>
        </thead>
        <tbody>
          ${catalogue.plans.map((p) => {
            let action = html``;
            if (p.id === state.plan) action = html`current`;
            else if (!state.hasSubscription && p.purchasable)
              action = html`<form method="post" action="${base}/billing/checkout">
                ${csrfField(csrf)}<input type="hidden" name="plan" value="${p.id}" /><button
                  type="submit"
                  aria-label="Subscribe to ${p.name}"
                >
                  Subscribe
                </button>
              </form>`;
            else if (state.hasSubscription && rank(p.id) > rank(state.plan))
              action = html`<a href="${base}/billing/upgrade?plan=${encodeURIComponent(p.id)}">Upgrade to ${p.name}</a>`;
            else if (state.hasSubscription && p.purchasable)
              action = html`<form method="post" action="${base}/billing/downgrade">
                ${csrfField(csrf)}<input type="hidden" name="plan" value="${p.id}" /><button
                  type="submit"
                  aria-label="Downgrade to ${p.name}"
                >
                  Downgrade at period end
                </button>
              </form>`;
            return html`<tr>
              <td>${p.name}</td>
              <td>${money(p.priceCents, catalogue.currency)} / ${p.interval}</td>
              <td>${p.monthlyEmailQuota}</td>
              <td>${action}</td>
            </tr>`;
          })}
        </tbody>
      </table>
    </div>`;
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
