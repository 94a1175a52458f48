import { AppError, type BillingOperations, type ErrorCode, type RpcReply, type RpcRequest } from '@mailplane/contracts';
import type { HandlersOf, Logger } from '@mailplane/runtime';
import type { BillingDeps } from '../domain/deps';
import { handleHubEvent, type HubEventOutcome } from '../domain/hub-webhook';
import { handlePaymentNotification, type PaymentNotificationOutcome } from '../domain/payment-webhook';

// The hub and the provider read only the status; the words are for whoever reads their delivery logs.
const OUTCOME_TEXTS: Record<HubEventOutcome | PaymentNotificationOutcome, string> = {
  applied: 'applied',
  already_applied: 'already applied',
  closed: 'closed',
  ignored: 'ignored',
  pending: 'nothing to apply yet',
  refunded: 'entitles to nothing; refunded',
  unattributed: 'attributable to nobody',
  unknown_payment: 'unknown payment',
};
const FAILURE_TEXTS: Partial<Record<ErrorCode, string>> = {
  billing_not_configured: 'billing is not configured',
  billing_unavailable: 'payment provider unreachable',
  malformed_json: 'body is not JSON',
  payment_id_missing: 'no payment id',
  signature_invalid: 'invalid signature',
  validation_failed: 'event without id or type',
};

const text = (status: number, body: string): RpcReply<string> => ({ status, contentType: 'text/plain', body });
const rawBody = (r: RpcRequest) => Buffer.from(r.rawBody ?? '', 'base64');

/** Every answer is text, also a failure; anything unexpected is a 500, which makes the caller retry. */
async function inText(r: RpcRequest, logger: Logger, handle: () => Promise<keyof typeof OUTCOME_TEXTS>): Promise<RpcReply<string>> {
  try {
    return text(200, OUTCOME_TEXTS[await handle()]);
  } catch (err) {
    const known = err instanceof AppError ? FAILURE_TEXTS[err.code] : undefined;
    if (known) return text((err as AppError).status, known);
    logger.error('inbound webhook not applied', { operationId: r.operationId, requestId: r.requestId, err });
    return text(500, 'not applied; retry');
  }
}

/** The payment id of a notification: `id=tr_…` form-encoded, or JSON `{ "id": … }`. */
export function paymentIdOf(raw: Buffer, contentType: string | null): string {
  const body = raw.toString('utf8');
  let id: unknown;
  if (contentType?.toLowerCase().startsWith('application/json')) {
    try {
      id = (JSON.parse(body) as { id?: unknown }).id;
    } catch {
      id = null;
    }
  } else {
    id = new URLSearchParams(body).get('id');
  }
  if (typeof id === 'string' && /^tr_[A-Za-z0-9]+$/.test(id)) return id;
  throw new AppError('payment_id_missing');
}

export function inboundWebhookHandlers(deps: BillingDeps): HandlersOf<Pick<BillingOperations, 'hubWebhook' | 'paymentProviderWebhook'>> {
  return {
    hubWebhook: (r) => inText(r, deps.logger, () => handleHubEvent(deps, rawBody(r), r.headers['hub-signature'])),
    paymentProviderWebhook: (r) => inText(r, deps.logger, () => handlePaymentNotification(deps, paymentIdOf(rawBody(r), r.contentType))),
  };
}
