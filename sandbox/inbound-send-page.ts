import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './sandbox-http';
import { sendToInbound, type InboundRoute } from './smtp-inbound-relay';
import { escape } from '@mailplane/html';
import { page, send } from './smtp-sink-page';

const FIELDS = ['from', 'to', 'subject', 'text'] as const;

/**
 * The sandbox's "send a message in" page: a form that hands a plain message to the platform's inbound listener over
 * SMTP, as an outside MTA would, and shows its reply (250 with the received ids, or the refusal). Nothing but SMTP: the
 * page knows the listener's address, not the platform's data.
 */
export function inboundSendHandler(route: () => InboundRoute | null) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const target = route();
    if (!target) return send(res, 503, page('Not receiving', '<p>The platform runs no inbound listener.</p>'));
    if (req.method === 'GET') return send(res, 200, form(target));
    if (req.method !== 'POST') return send(res, 405, page('Method not allowed', ''));
    const body = new URLSearchParams(await readBody(req));
    const [from, to, subject, text] = FIELDS.map((f) => (body.get(f) ?? '').replace(/[\r\n]+/g, ' ').trim());
    if (!from || !to) return send(res, 400, form(target, '<p role="alert">From and To are needed.</p>'));
    const raw = `From: ${from}\r\nTo: ${to}\r\nSubject: ${subject}\r\nDate: ${new Date().toUTCString()}\r\nMessage-ID: <${Date.now()}.${Math.random().toString(36).slice(2)}@sandbox.page>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${(body.get('text') ?? '').replace(/\r?\n/g, '\r\n')}\r\n`;
    const reply = await sendToInbound(target, { from, to: [to] }, raw);
    const notice = `<p role="status">The inbound listener answered <code>${reply.code} ${escape(reply.message)}</code>.</p>`;
    send(res, 200, form(target, notice, { from, to, subject, text }));
  };
}

function form(target: InboundRoute, notice = '', values: Partial<Record<(typeof FIELDS)[number], string>> = {}): string {
  const input = (name: (typeof FIELDS)[number], label: string) =>
    `<p><label>${label} <input name="${name}" value="${escape(values[name] ?? '')}" size="40"${name === 'from' || name === 'to' ? ' required' : ''}></label></p>`;
  return page(
    'Send a message to the platform',
    `<p><a href="/">Mailbox</a> · <a href="/dns">Publish DNS records</a></p>${notice}` +
      `<p>Delivered over SMTP to the inbound listener (${escape(`${target.host}:${target.port}`)}, MX ${escape(target.mxHost)}), as mail from outside. ` +
      'Address it to a receiving domain with a route, e.g. <code>hello@sandbox.mailplane.test</code>.</p>' +
      `<form method="post" action="/inbound">${input('from', 'From')}${input('to', 'To')}${input('subject', 'Subject')}` +
      `<p><label>Text<br><textarea name="text" rows="6" cols="60">${escape(values.text ?? '')}</textarea></label></p><button>Send</button></form>`,
  );
}
