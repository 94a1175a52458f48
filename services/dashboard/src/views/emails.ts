import type { Email, EmailList, Identity, InboundMessageList, ListEmailsQuery, WebhookDelivery } from '@mailplane/sdk';
import { html, csrfField, pill, table, when } from '../html';
import { engagementFacts } from './tracking';
import { receivedTable } from './inbound';

type MessageStatus = NonNullable<ListEmailsQuery['status']>;
export const STATUSES: readonly MessageStatus[] = [
  'scheduled',
  'queued',
  'sending',
  'deferred',
  'sent',
  'failed',
  'suppressed',
  'canceled',
  'bounced',
  'complained',
];
export const isStatus = (s: string): s is MessageStatus => (STATUSES as readonly string[]).includes(s);
const FINAL = new Set(['sent', 'failed', 'suppressed', 'canceled', 'bounced', 'complained']);

// A message not yet final keeps asking for its status (dashboard.js).
const status = (s: string, id: string) => pill(s, s, html`data-status-of="${FINAL.has(s) ? '' : id}"`);

/** A mail server's reply, its code once: a response that already starts with its code is printed as it is. */
export const smtpReply = (code: number | null | undefined, response: string | null | undefined) => {
  const text = (response ?? '').trim();
  if (code === null || code === undefined) return text;
  return text.startsWith(String(code)) ? text : `${code} ${text}`.trim();
};

const filtered = (q: ListEmailsQuery) => Boolean(q.status || q.identityId || q.q || q.recipient || q.from || q.to);

/** The list with every filter of GET /emails, paged by offset. */
export function emailsBody(base: string, list: EmailList, query: ListEmailsQuery, identities: Identity[], csrf: string, docsUrl: string) {
  const q = (extra: Record<string, string | number>) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...query, ...extra })) if (v !== undefined && v !== '') params.set(k, String(v));
    return `${base}/emails?${params}`;
  };
  const offset = query.offset ?? 0;
  const limit = query.limit ?? 20;
  return html`<h1>Emails</h1>
    <details class="card">
      <summary>Send a test email</summary>
      <form method="post" action="${base}/emails/test" class="stack">
        ${csrfField(csrf)}
        <label for="test-to">Send to</label><input id="test-to" name="to" type="email" required />
        <button type="submit">Send test email</button>
      </form>
    </details>
    <form method="get" action="${base}/emails" class="filters" role="search" aria-label="Filter emails">
      <label
        >Status
        <select name="status">
          <option value="">any</option>
          ${STATUSES.map((s) => html`<option value="${s}" ${query.status === s ? html` selected` : ''}>${s}</option>`)}
        </select></label
      >
      <label
        >Identity
        <select name="identityId">
          <option value="">any</option>
          ${identities.map((i) => html`<option value="${i.id}" ${query.identityId === i.id ? html` selected` : ''}>${i.domain}</option>`)}
        </select></label
      >
      <label>Search <input name="q" value="${query.q ?? ''}" maxlength="200" /></label>
      <label>Recipient <input name="recipient" type="email" value="${query.recipient ?? ''}" /></label>
      <label>Created from (UTC) <input name="from" type="datetime-local" value="${(query.from ?? '').slice(0, 16)}" /></label>
      <label>Created before (UTC) <input name="to" type="datetime-local" value="${(query.to ?? '').slice(0, 16)}" /></label>
      <button type="submit">Filter</button>
    </form>
    <p>${list.total} email${list.total === 1 ? '' : 's'}</p>
    ${table(
      [
        { header: 'Subject', cell: (m) => html`<a href="${base}/emails/${m.id}">${m.subject}</a>` },
        { header: 'To', cell: (m) => m.to },
        { header: 'Status', cell: (m) => status(m.status, m.id) },
        { header: 'Created', cell: (m) => when(m.createdAt) },
      ],
      list.data,
      {
        caption: 'Emails, newest first',
        captionHidden: true,
        empty: filtered(query)
          ? html`<p><strong>No email matches these filters.</strong></p>
              <p><a href="${base}/emails">Clear the filters</a></p>`
          : html`<p><strong>No email sent yet.</strong></p>
              <p>
                Try a test email from the box above, or send your first from your code with the API (<a href="${docsUrl}">API docs</a>).
              </p>`,
      },
    )}
    <nav aria-label="Pages" class="pager">
      ${offset > 0 ? html`<a href="${q({ offset: Math.max(0, offset - limit) })}">Newer</a>` : ''}
      ${offset + limit < list.total ? html`<a href="${q({ offset: offset + limit })}">Older</a>` : ''}
    </nav>`;
}

/** One message: recipients, body (HTML only in a sandboxed frame), headers, attempts, reports. */
/** A webhook delivery of one of the message's events, with the endpoint it went to. */
export type MessageEvent = WebhookDelivery & { endpointUrl: string };

export function emailBody(base: string, m: Email, events: MessageEvent[] = [], replies: InboundMessageList['data'] = []) {
  return html`<p><a href="${base}/emails">← Emails</a></p>
    <h1>${m.subject}</h1>
    <dl class="facts card">
      <dt>Status</dt>
      <dd>${status(m.status, m.id)}</dd>
      <dt>From</dt>
      <dd>${m.from}</dd>
      <dt>To</dt>
      <dd>${m.to}</dd>
      <dt>Created</dt>
      <dd>${when(m.createdAt)}</dd>
      ${
        m.scheduledAt
          ? html`<dt>Scheduled for</dt>
              <dd>${when(m.scheduledAt)}</dd>`
          : ''
      }
      <dt>Sent</dt>
      <dd>${when(m.sentAt)}</dd>
      <dt>Id</dt>
      <dd><code>${m.id}</code></dd>
      ${
        m.template
          ? html`<dt>Template</dt>
              <dd>
                <a href="${base}/templates/${m.template.id}/versions/${m.template.version}"
                  >${m.template.alias ?? m.template.id}, version ${m.template.version}</a
                >
              </dd>`
          : ''
      }
    </dl>
    <h2>Opens and clicks</h2>
    ${engagementFacts(m)}
    <h2>Recipients</h2>
    ${table(
      [
        { header: 'Address', cell: (r) => (r.name ? html`${r.name} &lt;${r.email}&gt;` : r.email) },
        { header: 'Kind', cell: (r) => r.kind },
        { header: 'Status', cell: (r) => pill(r.status) },
        { header: 'Last reply', cell: (r) => html`<span class="reply">${smtpReply(r.smtpCode, r.response)}</span>` },
      ],
      m.recipients,
      { empty: 'No recipient.' },
    )}
    <h2>Delivery attempts</h2>
    ${
      m.attempts.length
        ? html`<ol class="timeline">
            ${m.attempts.map(
              (a) =>
                html`<li>
                  ${when(a.at)}: ${pill(a.outcome)} <span class="reply">${smtpReply(a.smtpCode, a.response) || 'no reply'}</span>${
                    a.nextAttemptAt ? html` (next attempt ${when(a.nextAttemptAt)})` : ''
                  }
                </li>`,
            )}
          </ol>`
        : html`<p>No attempt yet.</p>`
    }
    ${
      m.reports.length
        ? html`<h2>Reports</h2>
            <ul>
              ${m.reports.map((r) => html`<li>${when(r.at)}: ${r.kind} for ${r.recipient} ${r.status ?? ''} ${r.diagnostic ?? ''}</li>`)}
            </ul>`
        : ''
    }
    <h2>Replies</h2>
    ${replies.length ? receivedTable(base, replies, 'Replies to this message') : html`<p>No reply received.</p>`}
    <h2>Webhook events</h2>
    ${table(
      [
        { header: 'Event', cell: (e) => e.eventType },
        { header: 'Endpoint', cell: (e) => html`<a href="${base}/webhooks/${e.endpointId}">${e.endpointUrl}</a>` },
        { header: 'Delivery', cell: (e) => pill(e.status) },
        { header: 'Last answer', cell: (e) => e.attempts.at(-1)?.statusCode ?? '—' },
      ],
      events,
      {
        empty: html`No webhook endpoint received events about this message. <a href="${base}/webhooks">Add an endpoint</a> to be told of its
          events.`,
      },
    )}
    <h2>Body</h2>
    ${
      m.body
        ? html`${
            m.body.text !== null
              ? html`<h3>Text</h3>
                  <pre class="body-text">${m.body.text}</pre>`
              : ''
          }
          ${
            m.body.html !== null
              ? html`<h3>HTML</h3>
                  <iframe title="HTML body" class="body-html" sandbox="" referrerpolicy="no-referrer" srcdoc="${m.body.html}"></iframe>`
              : ''
          }
          ${
            m.body.attachments.length
              ? html`<h3>Attachments</h3>
                  <ul>
                    ${m.body.attachments.map((a) => html`<li>${a.filename} (${a.contentType}, ${a.size} bytes)</li>`)}
                  </ul>`
              : ''
          }`
        : html`<p>The body is no longer kept (retention).</p>`
    }
    <h2>Headers</h2>
    ${
      Object.keys(m.headers).length
        ? html`<dl class="facts">
            ${Object.entries(m.headers).map(
              ([k, v]) =>
                html`<dt>${k}</dt>
                  <dd>${v}</dd>`,
            )}
          </dl>`
        : html`<p>No custom headers.</p>`
    }`;
}
