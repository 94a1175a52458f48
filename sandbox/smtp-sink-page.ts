import type { IncomingMessage, ServerResponse } from 'node:http';
import { escape } from '@mailplane/html';
import type { SinkMessage, SmtpSink } from './smtp-sink';

const STYLE = `body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}td,th{padding:4px 10px;border-bottom:1px solid #ddd;text-align:left}
.badge{padding:1px 6px;border-radius:4px;color:#fff;background:#777}.pass{background:#2a7}.fail{background:#c33}pre{white-space:pre-wrap;background:#f6f6f6;padding:1em}code{word-break:break-all}`;

/** Read-only HTML view of what the sink received: a list (newest first) and `?id=` for one message. */
export function sinkPageHandler(sink: Pick<SmtpSink, 'messages'>) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, page('Method not allowed', '<p>Read-only.</p>'));
    const id = new URLSearchParams((req.url ?? '').split('?')[1] ?? '').get('id');
    if (id === null) return send(res, 200, listPage(sink.messages()));
    const message = sink.messages().find((candidate) => candidate.id === id);
    send(
      res,
      message ? 200 : 404,
      message ? messagePage(message) : page('Not found', `<p>No message ${escape(id)}.</p><p><a href="?">All mail</a></p>`),
    );
  };
}

function listPage(messages: SinkMessage[]): string {
  const rows = [...messages]
    .reverse()
    .map(
      (m) =>
        `<tr><td>${escape(m.receivedAt.toISOString())}</td><td>${escape(m.envelope.from)}</td><td>${escape(m.envelope.to.join(', '))}</td>` +
        `<td><a href="?id=${encodeURIComponent(m.id)}">${escape(m.subject || '(no subject)')}</a></td><td>${dkimBadge(m)}</td></tr>`,
    );
  const nav = '<p><a href="/dns">Publish an identity\'s DNS records</a> · <a href="/inbound">Send a message to the platform</a></p>';
  const table = `<table><tr><th>Received</th><th>From</th><th>To</th><th>Subject</th><th>DKIM</th></tr>${rows.join('')}</table>`;
  return page(`Sandbox mailbox (${messages.length})`, nav + (messages.length ? table : '<p>No mail yet.</p>'));
}

function messagePage(m: SinkMessage): string {
  const headers = m.headers.map((h) => `<tr><th>${escape(h.name)}</th><td>${escape(h.value)}</td></tr>`).join('');
  return page(
    m.subject || '(no subject)',
    `<p><a href="?">All mail</a> · DKIM ${dkimBadge(m)}</p><table>${headers}</table><h2>Text</h2><pre>${escape(m.text)}</pre>`,
  );
}

function dkimBadge(m: SinkMessage): string {
  const result = m.dkim?.result ?? 'none';
  const kind = result === 'pass' || result === 'fail' ? ` ${result}` : '';
  const where = m.dkim?.domain ? ` title="d=${escape(m.dkim.domain)} s=${escape(m.dkim.selector ?? '')}"` : '';
  return `<span class="badge${kind}"${where}>${escape(result)}</span>`;
}

export function page(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title><style>${STYLE}</style></head><body><h1>${escape(title)}</h1>${body}</body></html>`;
}

export function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    // Mail content is hostile input: even if escaping slipped, nothing may run or load.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    // The DNS page carries an API key in its forms: never keep it.
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(html);
}
