import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendText } from './sandbox-http';
import { SETTLED_STATUSES, type ProviderPayment, type SettledStatus } from './payment-provider-payments';
import { escape } from '@mailplane/html';

const STYLE =
  'body{font:16px system-ui,sans-serif;margin:3em auto;max-width:28em}form{display:inline-block;margin:.25em}button{font-size:1em;padding:.4em 1em}';

/** The hosted checkout a customer is sent to: one button per outcome, each posting back `status=…`. */
export async function handleCheckout(
  req: IncomingMessage,
  res: ServerResponse,
  payment: ProviderPayment | undefined,
  complete: (paymentId: string, status: SettledStatus) => Promise<void>,
): Promise<void> {
  if (!payment) return sendText(res, 404, 'No such payment');
  if (req.method !== 'GET' && req.method !== 'POST') return sendText(res, 405, 'Method not allowed');
  if (payment.status !== 'open') return sendText(res, 409, `Payment ${payment.id} is already ${payment.status}`);
  if (req.method === 'GET') return sendText(res, 200, page(payment), 'text/html; charset=utf-8');

  const status = new URLSearchParams(await readBody(req)).get('status') as SettledStatus | null;
  if (!status || !SETTLED_STATUSES.includes(status)) return sendText(res, 400, `status must be one of ${SETTLED_STATUSES.join(', ')}`);
  // Re-checked after the body arrived: another tab may have settled it meanwhile.
  if (payment.status !== 'open') return sendText(res, 409, `Payment ${payment.id} is already ${payment.status}`);
  await complete(payment.id, status);
  if (!payment.redirectUrl) return sendText(res, 200, `Payment ${payment.id} is ${status}`);
  res.writeHead(303, { Location: payment.redirectUrl, 'Content-Length': 0 });
  res.end();
}

function page(payment: ProviderPayment): string {
  const action = `/checkout/${encodeURIComponent(payment.id)}`;
  const buttons = SETTLED_STATUSES.map(
    (status) =>
      `<form method="post" action="${action}"><button type="submit" name="status" value="${status}">${status[0].toUpperCase()}${status.slice(1)}</button></form>`,
  ).join('');
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>Sandbox checkout</title><style>${STYLE}</style></head><body>` +
    `<h1>Sandbox checkout</h1><p><strong>${escape(`${payment.amount.currency} ${payment.amount.value}`)}</strong></p>` +
    `<p>${escape(payment.description)}</p>${buttons}</body></html>`
  );
}
