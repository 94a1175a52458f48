import type { Reputation } from '../../../../sdk/src';
import { html } from '../html';

const percent = (rate: number) => `${(Math.round(rate * 10_000) / 100).toString()} %`;
const LABEL: Record<Reputation['status'], string> = { healthy: 'Healthy', under_review: 'Under review', paused: 'Paused' };

/** Under review or paused: what it means for the tenant, on every page that shows the reputation. */
export function reputationBanner(r: Reputation) {
  if (r.status === 'healthy') return '';
  return html`<div class="problem" role="alert" id="reputation-banner">
    <strong>${r.status === 'paused' ? 'Sending is paused' : 'Sending is under review'}</strong>
    <p>
      ${r.reason ?? ''}.
      ${
        r.status === 'paused'
          ? 'New emails are refused and accepted ones are held until the operator resumes sending.'
          : 'Sending goes on; at the pause threshold it stops. Remove bouncing and complaining addresses from your lists.'
      }
    </p>
  </div>`;
}

/** The status and the window's rates, for the overview. */
export function reputationSummary(base: string, r: Reputation) {
  return html`<section aria-labelledby="reputation">
    <h2 id="reputation">Reputation</h2>
    ${reputationBanner(r)}
    <p>
      <span id="reputation-status">${LABEL[r.status]}</span>: bounce rate ${percent(r.bounceRate)}, complaint rate
      ${percent(r.complaintRate)} over the last ${r.windowDays} days (${r.attempted} recipients attempted).
      <a href="${base}/reputation">Details</a>
    </p>
  </section>`;
}

/** The reputation page: status, rates against their thresholds, and each identity's rates. */
export function reputationBody(r: Reputation) {
  const t = r.thresholds;
  return html`<h1>Reputation</h1>
    ${reputationBanner(r)}
    <p>Status: <strong id="reputation-status">${LABEL[r.status]}</strong> since ${r.since.slice(0, 16).replace('T', ' ')} UTC.</p>
    <div class="table-wrap">
      <table>
        <caption>
          The last ${r.windowDays}
          days${r.attempted < t.minVolume ? html` (no status change below ${t.minVolume} recipients attempted)` : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Rate</th>
            <th scope="col">Now</th>
            <th scope="col">Review at</th>
            <th scope="col">Pause at</th>
            <th scope="col">Counts</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Bounces</th>
            <td>${percent(r.bounceRate)}</td>
            <td>${percent(t.bounceReview)}</td>
            <td>${percent(t.bouncePause)}</td>
            <td>${r.bounced} of ${r.attempted} attempted</td>
          </tr>
          <tr>
            <th scope="row">Complaints</th>
            <td>${percent(r.complaintRate)}</td>
            <td>${percent(t.complaintReview)}</td>
            <td>${percent(t.complaintPause)}</td>
            <td>${r.complained} of ${r.sent} sent</td>
          </tr>
        </tbody>
      </table>
    </div>
    <h2>By identity</h2>
    ${
      r.identities.length === 0
        ? html`<p>Nothing attempted in the window.</p>`
        : html`<div class="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Domain</th>
                  <th scope="col">Attempted</th>
                  <th scope="col">Bounce rate</th>
                  <th scope="col">Complaint rate</th>
                </tr>
              </thead>
              <tbody>
                ${r.identities.map(
                  (i) =>
                    html`<tr>
                      <th scope="row">${i.domain ?? `${i.identityId} (deleted)`}</th>
                      <td>${i.attempted}</td>
                      <td>${percent(i.bounceRate)}</td>
                      <td>${percent(i.complaintRate)}</td>
                    </tr>`,
                )}
              </tbody>
            </table>
          </div>`
    }`;
}
