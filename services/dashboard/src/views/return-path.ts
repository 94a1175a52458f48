import type { Identity } from '@mailplane/sdk';
import { csrfField, html, pill, when } from '../html';

const yesNo = (aligned: boolean) => (aligned ? 'aligns' : 'does not align');

/** The identity's own return path domain (its records are in the table above), its state, and DMARC alignment. */
export function returnPathForm(base: string, i: Identity, csrf: string) {
  const rp = i.returnPath;
  return html`<h2>Return path</h2>
    <p>
      Bounces and complaints come back to the envelope sender. On a subdomain of ${i.domain} of your own, SPF aligns with DMARC too; until
      its MX and SPF records (purpose <code>returnPath</code> above) are verified, the platform's bounce domain is used.
    </p>
    ${
      rp
        ? html`<p id="return-path-state">${rp.domain}: ${pill(rp.status)} (last checked ${when(rp.lastCheckedAt)})</p>`
        : html`<p id="return-path-state">None: messages use the platform's bounce domain.</p>`
    }
    ${
      i.alignment
        ? html`<p id="alignment">DMARC alignment: DKIM ${yesNo(i.alignment.dkim)}, SPF ${yesNo(i.alignment.spf)}.</p>`
        : html`<p id="alignment">DMARC alignment: verify to find out.</p>`
    }
    <form method="post" action="${base}/identities/${i.id}/return-path" class="stack">
      ${csrfField(csrf)}
      <label for="returnPathDomain">Return path domain <small>(a subdomain of ${i.domain}; empty for none)</small></label>
      <input id="returnPathDomain" name="returnPathDomain" value="${rp?.domain ?? ''}" placeholder="send.${i.domain}" />
      <button type="submit">Save return path</button>
    </form>`;
}
