import type { Email, Identity } from '@mailplane/sdk';
import { csrfField, html, when } from '../html';

/** An identity's tracking defaults and tracking domain, with what tracking costs recipients. */
export function trackingForm(base: string, i: Identity, csrf: string) {
  const checked = (on: boolean) => (on ? html` checked` : '');
  return html`<h2>Open and click tracking</h2>
    <p>
      Off unless you turn it on. Tracking tells you who opened a message and followed its links, at a cost to your recipients' privacy;
      Apple Mail and link scanners fetch on their own, so those opens and clicks are flagged as machines and not counted as people. A send
      may turn either on or off for itself.
    </p>
    <form method="post" action="${base}/identities/${i.id}/tracking" class="stack">
      ${csrfField(csrf)}
      <input type="hidden" name="opens" value="off" /><input type="hidden" name="clicks" value="off" />
      <label><input type="checkbox" name="opens" value="on" ${checked(i.tracking.opens)} /> Track opens</label>
      <label><input type="checkbox" name="clicks" value="on" ${checked(i.tracking.clicks)} /> Track clicks</label>
      <label for="trackingDomain">Tracking domain <small>(a host under ${i.domain}; publish its CNAME, then verify)</small></label>
      <input id="trackingDomain" name="trackingDomain" value="${i.trackingDomain ?? ''}" placeholder="track.${i.domain}" />
      <button type="submit">Save tracking</button>
    </form>`;
}

/** A message's opens and clicks, people apart from machines. */
export function engagementFacts(m: Email) {
  if (!m.tracking.opens && !m.tracking.clicks) return html`<p>Not tracked: opens and clicks were off for this message.</p>`;
  const e = m.engagement;
  return html`<dl class="facts" id="engagement">
    <dt>Opens</dt>
    <dd>${m.tracking.opens ? html`${e.opens} by people, ${e.machineOpens} by machines` : 'not tracked'}</dd>
    <dt>First opened</dt>
    <dd>${when(e.firstOpenedAt)}</dd>
    <dt>Clicks</dt>
    <dd>${m.tracking.clicks ? html`${e.clicks} by people, ${e.machineClicks} by machines` : 'not tracked'}</dd>
    <dt>First clicked</dt>
    <dd>${when(e.firstClickedAt)}</dd>
  </dl>`;
}
