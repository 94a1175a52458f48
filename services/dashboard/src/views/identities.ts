import type { Identity, IdentityList } from '@mailplane/sdk';
import { html, confirmedActionForm, csrfField, pill, table, when } from '../html';
import { returnPathForm } from './return-path';
import { trackingForm } from './tracking';

export function identitiesBody(base: string, list: IdentityList, csrf: string) {
  return html`<h1>Identities</h1>
    <p>A sending domain needs its DKIM record published before it may send; SPF and DMARC records are advised.</p>
    <form method="post" action="${base}/identities" class="stack">
      ${csrfField(csrf)}
      <label for="domain">Domain</label><input id="domain" name="domain" required placeholder="mail.example.com" />
      <button type="submit">Add identity</button>
    </form>
    ${table(
      [
        { header: 'Domain', cell: (i) => html`<a href="${base}/identities/${i.id}">${i.domain}</a>` },
        { header: 'Status', cell: (i) => pill(i.status) },
        { header: 'Verified', cell: (i) => when(i.verifiedAt) },
        { header: 'Last checked', cell: (i) => when(i.lastCheckedAt) },
      ],
      list.data,
      {
        caption: 'Sending identities',
        captionHidden: true,
        empty: html`<p><strong>No sending domain yet.</strong></p>
          <p>Add the domain you send from above, then publish the DNS records it shows.</p>`,
      },
    )}`;
}

/**
 * A DKIM record says its algorithm and its key's place in a rotation: `pending` until a verify finds it, `retiring`
 * (with the time from which it may be deleted) once a newer key signs.
 */
function purposeOf(r: Identity['dnsRecords'][number]) {
  if (r.purpose !== 'dkim' || !r.keyState) return r.purpose;
  const removable = r.removableAfter ? html`, removable after <time datetime="${r.removableAfter}">${r.removableAfter}</time>` : '';
  return html`dkim (${r.algorithm ?? 'rsa-sha256'}, ${r.keyState}${removable})`;
}

/** The records to publish, each with a copy button; what the last check found; verify now; delete. */
export function identityBody(base: string, i: Identity, csrf: string) {
  const missing = i.dnsRecords.filter((r) => r.purpose === 'dkim' && (r.keyState ?? 'current') === 'current' && r.status !== 'found');
  return html`<p><a href="${base}/identities">← Identities</a></p>
    <h1>${i.domain}</h1>
    <p>
      Status:
      ${pill(i.status)}${
        i.status !== 'verified' && missing.length
          ? html` — publish the DKIM record below (${missing.map((r) => r.status).join(', ')}), then verify.`
          : ''
      }
    </p>
    <h2>DNS records to publish</h2>
    <div class="table-wrap">
      <table>
        <thead>
          <tr>
            <th scope="col">Purpose</th>
            <th scope="col">Type</th>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
            <th scope="col">Last check</th>
          </tr>
        </thead>
        <tbody>
          ${i.dnsRecords.map(
            (r, n) =>
              html`<tr>
                <td>${purposeOf(r)}</td>
                <td>${r.type}${r.priority === undefined ? '' : html` (priority ${String(r.priority)})`}</td>
                <td>
                  <code id="name-${n}">${r.name}</code>
                  <button type="button" data-copy="name-${n}" aria-label="Copy the ${r.purpose} record name">Copy</button>
                </td>
                <td>
                  <code id="value-${n}" class="record-value">${r.value}</code>
                  <button type="button" data-copy="value-${n}" aria-label="Copy the ${r.purpose} record value">Copy</button>
                </td>
                <td>${pill(r.status)}</td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>
    <form method="post" action="${base}/identities/${i.id}/verify" class="inline-form">
      ${csrfField(csrf)}<button type="submit">Verify now</button>
    </form>
    ${returnPathForm(base, i, csrf)} ${trackingForm(base, i, csrf)}
    ${confirmedActionForm({
      action: `${base}/identities/${i.id}/delete`,
      csrf,
      confirm: `Delete ${i.domain}: it can no longer send`,
      button: 'Delete identity',
    })}`;
}
