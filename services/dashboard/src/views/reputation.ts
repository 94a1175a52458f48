import type { Reputation } from '@mailplane/sdk';
import { html, pill, table } from '../html';

const percent = (rate: number) => `${(Math.round(rate * 10_000) / 100).toString()} %`;
export const REPUTATION_LABEL: Record<Reputation['status'], string> = {
  healthy: 'Healthy',
  under_review: 'Under review',
  paused: 'Paused',
};

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

/** The reputation page: status, rates against their thresholds, and each identity's rates. */
export function reputationBody(r: Reputation) {
  const t = r.thresholds;
  return html`<h1>Reputation</h1>
    ${reputationBanner(r)}
    <p>
      Status: ${pill(r.status, REPUTATION_LABEL[r.status], html`id="reputation-status"`)} since ${r.since.slice(0, 16).replace('T', ' ')}
      UTC.
    </p>
    ${table(
      [
        { header: 'Rate', cell: (row) => row.name, rowHeader: true },
        { header: 'Now', cell: (row) => percent(row.now), numeric: true },
        { header: 'Review at', cell: (row) => percent(row.review), numeric: true },
        { header: 'Pause at', cell: (row) => percent(row.pause), numeric: true },
        { header: 'Counts', cell: (row) => row.counts },
      ],
      [
        {
          name: 'Bounces',
          now: r.bounceRate,
          review: t.bounceReview,
          pause: t.bouncePause,
          counts: `${r.bounced} of ${r.attempted} attempted`,
        },
        {
          name: 'Complaints',
          now: r.complaintRate,
          review: t.complaintReview,
          pause: t.complaintPause,
          counts: `${r.complained} of ${r.sent} sent`,
        },
      ],
      {
        caption: html`The last ${r.windowDays}
        days${r.attempted < t.minVolume ? html` (no status change below ${t.minVolume} recipients attempted)` : ''}`,
        empty: '',
      },
    )}
    <h2>By identity</h2>
    ${table(
      [
        { header: 'Domain', cell: (i) => i.domain ?? `${i.identityId} (deleted)`, rowHeader: true },
        { header: 'Attempted', cell: (i) => i.attempted, numeric: true },
        { header: 'Bounce rate', cell: (i) => percent(i.bounceRate), numeric: true },
        { header: 'Complaint rate', cell: (i) => percent(i.complaintRate), numeric: true },
      ],
      r.identities,
      { empty: html`<p>Nothing attempted in the window: each sending domain's rates show here once it sends.</p>` },
    )}`;
}
