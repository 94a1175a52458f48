import { WEBHOOK_EVENT_TYPES } from '@mailplane/contracts';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointList } from '@mailplane/sdk';
import { html, confirmedActionForm, csrfField, pill, table, when } from '../html';

export function webhooksBody(base: string, list: WebhookEndpointList, csrf: string, secret?: { endpoint: string; secret: string }) {
  return html`<h1>Webhooks</h1>
    ${secret ? secretCard(secret.secret) : ''}
    <form method="post" action="${base}/webhooks" class="stack">
      ${csrfField(csrf)}
      <label for="url">Endpoint URL</label><input id="url" name="url" type="url" required />
      <fieldset>
        <legend>Events</legend>
        <label><input type="checkbox" name="eventTypes" value="*" checked /> every event</label>
        ${WEBHOOK_EVENT_TYPES.map((t) => html`<label><input type="checkbox" name="eventTypes" value="${t}" /> ${t}</label>`)}
      </fieldset>
      <button type="submit">Add endpoint</button>
    </form>
    ${table(
      [
        { header: 'URL', cell: (e) => html`<a href="${base}/webhooks/${e.id}">${e.url}</a>` },
        { header: 'Events', cell: (e) => e.eventTypes.join(', ') },
        { header: 'State', cell: (e) => endpointState(e) },
      ],
      list.data,
      {
        caption: 'Webhook endpoints',
        captionHidden: true,
        empty: html`<p><strong>No endpoint yet.</strong></p>
          <p>Add the URL of your app above to be told when emails are sent, bounce or are opened.</p>`,
      },
    )}`;
}

const endpointState = (e: WebhookEndpoint) => pill(e.disabled ? 'disabled' : 'enabled');

const secretCard = (secret: string) =>
  html`<div class="card created" role="alert">
    <p>The signing secret, shown this once: verify deliveries with it.</p>
    <p><code id="secret">${secret}</code> <button type="button" data-copy="secret">Copy</button></p>
  </div>`;

export function webhookBody(
  base: string,
  e: WebhookEndpoint,
  deliveries: WebhookDelivery[],
  filter: { status: string },
  csrf: string,
  secret?: string,
) {
  return html`<p><a href="${base}/webhooks">← Webhooks</a></p>
    <h1>${e.url}</h1>
    ${secret ? secretCard(secret) : ''}
    <p>${endpointState(e)} · events: ${e.eventTypes.join(', ')}</p>
    <form method="post" action="${base}/webhooks/${e.id}/update" class="inline-form">
      ${csrfField(csrf)}
      <label>URL <input name="url" type="url" value="${e.url}" required /></label>
      <fieldset>
        <legend>Events</legend>
        ${['*', ...WEBHOOK_EVENT_TYPES].map(
          (t) =>
            html`<label
              ><input type="checkbox" name="eventTypes" value="${t}" ${e.eventTypes.includes(t as never) ? html`checked` : ''} />
              ${t === '*' ? 'every event' : t}</label
            >`,
        )}
      </fieldset>
      <button type="submit" name="action" value="save">Save</button>
      <button type="submit" name="action" value="toggle" class="secondary">${e.disabled ? 'Enable' : 'Disable'}</button>
    </form>
    <form method="post" action="${base}/webhooks/${e.id}/rotate-secret" class="inline-form">
      ${csrfField(csrf)}<button type="submit" class="secondary">Rotate secret</button>
    </form>
    ${confirmedActionForm({ action: `${base}/webhooks/${e.id}/delete`, csrf, confirm: 'Delete this endpoint', button: 'Delete endpoint' })}
    <h2>Deliveries</h2>
    <form method="get" action="${base}/webhooks/${e.id}" class="filters">
      <label
        >Status
        <select name="status">
          <option value="">any</option>
          ${['pending', 'succeeded', 'failed'].map(
            (s) => html`<option value="${s}" ${filter.status === s ? html` selected` : ''}>${s}</option>`,
          )}
        </select></label
      ><button type="submit">Filter</button>
    </form>
    <form method="post" action="${base}/webhooks/${e.id}/replay" class="inline-form">
      ${csrfField(csrf)}
      <label>Failed since (UTC) <input name="since" type="datetime-local" required /></label
      ><button type="submit">Redeliver all failed</button>
    </form>
    ${table(
      [
        { header: 'Event', cell: (d) => html`${d.eventType}<br /><small>${when(d.createdAt)}</small>` },
        { header: 'Status', cell: (d) => pill(d.status) },
        {
          header: 'Attempts',
          cell: (d) =>
            html`<ol>
              ${d.attempts.map(
                (a) =>
                  html`<li>
                    ${a.statusCode ?? 'no answer'} in ${a.durationMs ?? '?'}
                    ms${a.error ? html` (${a.error})` : ''}${a.responseBody ? html`: <code>${a.responseBody}</code>` : ''}
                  </li>`,
              )}
            </ol>`,
        },
        {
          header: 'Redeliver',
          hiddenHeader: true,
          cell: (d) =>
            d.status === 'pending'
              ? ''
              : html`<form method="post" action="${base}/webhooks/${e.id}/deliveries/${d.id}/redeliver">
                  ${csrfField(csrf)}<button type="submit" class="secondary" aria-label="Redeliver ${d.eventType} ${d.id}">Redeliver</button>
                </form>`,
        },
      ],
      deliveries,
      {
        caption: 'Deliveries, newest first',
        captionHidden: true,
        empty: filter.status
          ? html`<p>No ${filter.status} delivery. <a href="${base}/webhooks/${e.id}">Show every delivery</a></p>`
          : html`<p><strong>No delivery yet.</strong></p>
              <p>Events are delivered here as they happen: send an email (a test one from the Emails page) to see the first.</p>`,
      },
    )}`;
}
