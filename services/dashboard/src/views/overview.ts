import type { BillingState, DayStats } from '../../../../sdk/src';
import { html, type Html } from '../html';

const SERIES = ['accepted', 'sent', 'deferred', 'bounced', 'complained', 'suppressed', 'opened', 'clicked'] as const;

/** Share of the day's sent messages first opened (or clicked) by a person that day, in percent. */
const rate = (count: number, sent: number) => (sent === 0 ? 0 : Math.round((1000 * count) / sent) / 10);

/** The last 30 days as a chart (uPlot, drawn by the page's script from the table) and as the table itself. */
export function overviewBody(days: DayStats[], billing: BillingState | null, reputation: Html | '' = '') {
  const usage = billing?.usage;
  return html`<h1>Overview</h1>
    ${reputation}
    ${
      usage
        ? html`<section aria-labelledby="usage">
            <h2 id="usage">This month</h2>
            <p>
              ${usage.used} of ${usage.limit} emails used on the ${billing!.plan} plan; the count restarts ${usage.resetAt.slice(0, 10)}.
            </p>
            <progress max="${usage.limit}" value="${Math.min(usage.used, usage.limit)}" aria-label="Monthly quota used">
              ${usage.used} / ${usage.limit}
            </progress>
          </section>`
        : ''
    }
    <section aria-labelledby="days">
      <h2 id="days">The last ${days.length} days</h2>
      <div id="chart" class="chart" aria-hidden="true"></div>
      <div class="table-wrap">
        <table id="daily" data-chart="chart" data-series="${SERIES.join(',')}">
          <caption>
            Per UTC day
          </caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              ${SERIES.map((s) => html`<th scope="col">${s}</th>`)}
            </tr>
          </thead>
          <tbody>
            ${days.map(
              (d) =>
                html`<tr>
                  <th scope="row">${d.date}</th>
                  ${SERIES.map((s) => html`<td>${d[s]}</td>`)}
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
    </section>
    <section aria-labelledby="rates">
      <h2 id="rates">Open and click rates</h2>
      <p>
        Of the messages sent each day, the share a person opened or clicked for the first time that day (tracked messages only; machine
        opens, such as Apple Mail Privacy Protection's, are not counted).
      </p>
      <div id="rate-chart" class="chart" aria-hidden="true"></div>
      <div class="table-wrap">
        <table id="rate-table" data-chart="rate-chart" data-series="open rate %,click rate %">
          <caption>
            Per UTC day, percent of sent
          </caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">open rate %</th>
              <th scope="col">click rate %</th>
              <th scope="col">machine opens</th>
            </tr>
          </thead>
          <tbody>
            ${days.map(
              (d) =>
                html`<tr>
                  <th scope="row">${d.date}</th>
                  <td>${rate(d.opened, d.sent)}</td>
                  <td>${rate(d.clicked, d.sent)}</td>
                  <td>${d.machineOpens}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
    </section>`;
}
