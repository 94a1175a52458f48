import type { InboundMessage, InboundMessageList, InboundRouteList } from '@mailplane/sdk';
import { html, table, when, type Html } from '../html';

type Auth = NonNullable<InboundMessage['body']>['authentication'];

const actionText = (a: InboundRouteList['data'][number]['action']) =>
  a.type === 'reject'
    ? `reject ${a.code} ${a.message ?? ''}`
    : a.type === 'webhook' && a.endpointId
      ? `webhook to ${a.endpointId}`
      : a.type;

/** Received messages as a table, linking each to its page; shared by the inbound page and a sent message's replies. */
export function receivedTable(
  base: string,
  list: InboundMessageList['data'],
  caption: string,
  empty: string | Html = 'Nothing received.',
): Html {
  return table(
    [
      { header: 'Received', cell: (m) => when(m.receivedAt) },
      { header: 'From', cell: (m) => m.from },
      { header: 'To', cell: (m) => m.recipient },
      { header: 'Subject', cell: (m) => html`<a href="${base}/inbound/${m.id}">${m.subject || '(no subject)'}</a>` },
      { header: 'Attachments', cell: (m) => String(m.attachmentCount), numeric: true },
    ],
    list,
    { caption, captionHidden: true, empty },
  );
}

/** Inbound: the routes (what each address pattern does) and the newest received messages. */
export function inboundBody(base: string, routes: InboundRouteList, messages: InboundMessageList): Html {
  return html`<h1>Inbound</h1>
    <p>Mail to your receiving domains: each address is taken by its route, or refused.</p>
    <h2>Routes</h2>
    ${
      routes.data.length
        ? html`<ul>
            ${routes.data.map((r) => html`<li><code>${r.pattern}</code>: ${actionText(r.action)}${r.description ? html` (${r.description})` : ''}</li>`)}
          </ul>`
        : html`<p>No route yet: create one with POST /inbound/routes.</p>`
    }
    <h2>Received</h2>
    <p>${String(messages.total)} received</p>
    ${receivedTable(
      base,
      messages.data,
      'Received messages',
      html`<p><strong>Nothing received yet.</strong></p>
        <p>Point your receiving domain's MX record at the platform and add a route: mail then shows here.</p>`,
    )}`;
}

function authenticationFacts(a: Auth): Html {
  return html`<dl class="facts">
    <dt>SPF</dt>
    <dd>${a.spf.result} ${a.spf.domain ?? ''}</dd>
    <dt>DKIM</dt>
    <dd>${a.dkim.map((d) => `${d.result} ${d.domain ?? ''}${d.aligned ? ' (aligned)' : ''}`).join(', ')}</dd>
    <dt>DMARC</dt>
    <dd>${a.dmarc.result} ${a.dmarc.policy ? `p=${a.dmarc.policy}` : ''}</dd>
    <dt>Authenticated</dt>
    <dd>${a.authenticated ? 'yes' : 'no'}</dd>
  </dl>`;
}

/** One received message: its facts, the reply without its quote, the authentication results and the attachments' links. */
export function inboundMessageBody(base: string, m: InboundMessage): Html {
  const body = m.body;
  return html`<p><a href="${base}/inbound">← Inbound</a></p>
    <h1>${m.subject || '(no subject)'}</h1>
    <dl class="facts">
      <dt>From</dt>
      <dd>${m.from}</dd>
      <dt>To</dt>
      <dd>${m.recipient}</dd>
      <dt>Received</dt>
      <dd>${when(m.receivedAt)}</dd>
      <dt>Route action</dt>
      <dd>${m.action}</dd>
      ${
        m.inReplyToEmailId
          ? html`<dt>In reply to</dt>
              <dd><a href="${base}/emails/${m.inReplyToEmailId}">${m.inReplyToEmailId}</a></dd>`
          : ''
      }
      <dt>Id</dt>
      <dd><code>${m.id}</code></dd>
    </dl>
    ${
      body
        ? html`<h2>Authentication</h2>
            ${authenticationFacts(body.authentication)}
            <h2>Reply</h2>
            <pre class="body-text">${body.strippedText ?? ''}</pre>
            <h2>Attachments</h2>
            ${
              body.attachments.length
                ? html`<ul>
                    ${body.attachments.map(
                      (a) =>
                        html`<li>
                          <a href="${a.url}" download>${a.filename ?? 'attachment'}</a> (${a.contentType}, ${String(a.size)} bytes)
                        </li>`,
                    )}
                  </ul>`
                : html`<p>None.</p>`
            }
            <h2>Text</h2>
            <pre class="body-text">${body.text ?? ''}</pre>`
        : html`<p>The body was deleted by retention${m.bodyPurgedAt ? html` on ${when(m.bodyPurgedAt)}` : ''}.</p>`
    }`;
}
