import type { BillingState, DayStats, Reputation } from '@mailplane/sdk';
import { html, pill, table, type Html } from '../html';
import { reputationBanner, REPUTATION_LABEL } from './reputation';

/** Share of `of`, in percent to one decimal; none of `of`: 0. */
const rate = (count: number, of: number) => (of === 0 ? 0 : Math.round((1000 * count) / of) / 10);
/** A rate as a card shows it: a dash until there is something to count. */
const percentOf = (count: number, of: number) => (of === 0 ? '—' : `${rate(count, of)} %`);
const sum = (days: DayStats[], pick: (d: DayStats) => number) => days.reduce((n, d) => n + pick(d), 0);
const active = (d: DayStats) =>
  d.accepted + d.sent + d.deferred + d.bounced + d.failed + d.complained + d.suppressed + d.opened + d.clicked + d.machineOpens > 0;

// The chart's series: the table's first columns after the day, in this order.
const CHART_SERIES = ['sent', 'bounced', 'complained'] as const;

const metric = (label: string, value: Html | string | number, detail: Html | string = '', id?: string) =>
  html`<li class="card metric" ${id ? html`id="${id}"` : ''}>
    <span class="metric-label">${label}</span>
    <span class="metric-value">${value}</span>
    ${detail ? html`<span class="hint">${detail}</span>` : ''}
  </li>`;

/**
 * Metric cards over the last days (sent, delivered, bounce and complaint rates, reputation, quota), one chart of
 * what was sent, bounced and complained about each day (drawn by the page's script from the table below it, which
 * lists only the days with activity), or, before the first send, what to do next.
 */
export function overviewBody(base: string, days: DayStats[], billing: BillingState | null, reputation: Reputation | null, docsUrl: string) {
  const sent = sum(days, (d) => d.sent);
  const bounced = sum(days, (d) => d.bounced);
  const attempted = sent + bounced + sum(days, (d) => d.failed);
  const complained = sum(days, (d) => d.complained);
  const usage = billing?.usage;
  const withActivity = days.filter(active);
  return html`<h1>Overview</h1>
    ${reputation ? reputationBanner(reputation) : ''}
    <ul class="metrics" aria-label="The last ${days.length} days">
      ${metric('Sent', sent, `last ${days.length} days`)}
      ${metric('Delivered', percentOf(sent, attempted), `${sent} of ${attempted} attempted`)}
      ${metric('Bounce rate', percentOf(bounced, attempted), `${bounced} bounced`)}
      ${metric('Complaint rate', percentOf(complained, sent), `${complained} complaints`)}
      ${
        reputation
          ? metric(
              'Reputation',
              pill(reputation.status, REPUTATION_LABEL[reputation.status], html`id="reputation-status"`),
              html`<a href="${base}/reputation">Details</a>`,
            )
          : ''
      }
      ${
        usage
          ? metric(
              'Quota used',
              `${rate(usage.used, usage.limit)} %`,
              html`${usage.used} of ${usage.limit} (${billing!.plan}), restarts ${usage.resetAt.slice(0, 10)}
                <progress max="${usage.limit}" value="${Math.min(usage.used, usage.limit)}" aria-label="Monthly quota used">
                  ${usage.used} / ${usage.limit}
                </progress>`,
            )
          : ''
      }
    </ul>
    <section aria-labelledby="days">
      <h2 id="days">The last ${days.length} days</h2>
      ${
        withActivity.length === 0
          ? html`<div class="empty">
              <p><strong>Nothing sent in the last ${days.length} days.</strong></p>
              <p>Send a test email from the Emails page, or send from your code with an API key.</p>
              <p class="actions-center">
                <a class="button primary" href="${base}/emails">Send your first email</a>
                <a class="button" href="${docsUrl}">Read the quick start</a>
              </p>
            </div>`
          : html`<div id="chart" class="chart" aria-hidden="true"></div>
              <p class="hint">
                Open and click rates are of the messages sent that day, tracked ones only; machine opens (such as Apple Mail Privacy
                Protection's) are not counted as opens.
              </p>
              ${table(
                [
                  { header: 'Day', cell: (d) => d.date, rowHeader: true },
                  { header: 'sent', cell: (d) => d.sent, numeric: true },
                  { header: 'bounced', cell: (d) => d.bounced, numeric: true },
                  { header: 'complained', cell: (d) => d.complained, numeric: true },
                  { header: 'open rate %', cell: (d) => rate(d.opened, d.sent), numeric: true },
                  { header: 'click rate %', cell: (d) => rate(d.clicked, d.sent), numeric: true },
                  { header: 'machine opens', cell: (d) => d.machineOpens, numeric: true },
                ],
                withActivity,
                {
                  id: 'daily',
                  caption: 'Days with activity (UTC)',
                  attrs: html`data-chart="chart" data-series="${CHART_SERIES.join(',')}" data-from="${days[0]?.date ?? ''}"
                  data-days="${days.length}"`,
                  empty: '',
                },
              )}`
      }
    </section>`;
}
