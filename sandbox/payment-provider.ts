import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleCheckout } from './payment-provider-checkout';
import { ApiError, listen, parseJsonObject, readBody, sendJson, sendText } from './sandbox-http';
import { createIdempotencyStore } from './payment-provider-idempotency';
import { listMethods } from './payment-provider-methods';
import {
  createCustomer,
  createPayment,
  settle,
  type ProviderPayment,
  type ProviderState,
  type SettledStatus,
} from './payment-provider-payments';
import { cancelPayment, createRefund, listRefunds, type ProviderRefund } from './payment-provider-refunds';
import { createWebhookSender, type WebhookCall } from './payment-provider-webhook';

export type { PaymentStatus, ProviderCustomer, ProviderPayment, SequenceType, SettledStatus } from './payment-provider-payments';
export type { WebhookCall } from './payment-provider-webhook';
export type { ProviderRefund } from './payment-provider-refunds';

export interface PaymentProviderOptions {
  apiKey: string;
  /** Delays before each webhook retry; the call is given up after the last. */
  webhookRetryMs?: number[];
  host?: string;
}

/**
 * Stands in for the Mollie v2 API: customers, payments with a hosted checkout, mandates, recurring charges,
 * cancellation of open payments, refunds and webhooks.
 */
export interface PaymentProvider {
  /** Base URL; API paths start with /v2. */
  url: string;
  apiKey: string;
  /**
   * Settles a payment as the customer's checkout would: sets status, creates the mandate for a paid `first`
   * payment, then calls its webhookUrl, unless `notify: false` holds the call back (a webhook that lags).
   */
  complete(paymentId: string, status: SettledStatus, options?: { notify?: boolean }): Promise<void>;
  /** Calls the payment's webhookUrl (again), as Mollie does on a status change or a retry. */
  notify(paymentId: string): Promise<void>;
  /** Copies, oldest first. */
  payments(): ProviderPayment[];
  /** Copies of every refund made, oldest first. */
  refunds(): ProviderRefund[];
  /** Each webhook call made: paymentId, the HTTP status the receiver answered (null on connection error), time, whether it was the last. */
  webhookCalls(): WebhookCall[];
  /** Whether a request with this Idempotency-Key arrived and is not answered yet (its body still coming, say). */
  idempotencyKeyInProgress(key: string): boolean;
  behaviour: PaymentProviderBehaviour;
  stop(): Promise<void>;
}

export interface PaymentProviderBehaviour {
  /** While down, every /v2 call answers 503. */
  setDown(down: boolean): void;
  /** The next `n` recurring payments fail with insufficient funds; calls add up. */
  declineNextRecurring(n?: number): void;
  reset(): void;
}

export async function startPaymentProvider(options: PaymentProviderOptions): Promise<PaymentProvider> {
  const state: ProviderState = { url: '', customers: new Map(), payments: new Map(), mandates: new Map(), declines: 0 };
  const webhooks = createWebhookSender(options.webhookRetryMs ?? [100, 300, 1000]);
  const idempotency = createIdempotencyStore();
  const refunds: ProviderRefund[] = [];
  let down = false;

  async function complete(paymentId: string, status: SettledStatus, { notify: now = true } = {}): Promise<void> {
    settle(state, paymentId, status);
    if (now) await notify(paymentId);
  }

  async function notify(paymentId: string): Promise<void> {
    const payment = state.payments.get(paymentId);
    if (payment?.webhookUrl) await webhooks.deliver(payment.webhookUrl, payment.id);
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string, rawQuery: string): Promise<void> {
    if (down) throw new ApiError(503, 'The service is temporarily unavailable, try again later');
    if (req.headers.authorization !== `Bearer ${options.apiKey}`)
      throw new ApiError(401, 'Missing authentication, or failed to authenticate');
    const [, paymentId, sub] = /^\/v2\/payments\/([^/]+)(\/refunds)?$/.exec(path) ?? [];
    if (req.method === 'POST' && path === '/v2/customers')
      return sendJson(res, 201, createCustomer(state, parseJsonObject(await readBody(req))));
    if (req.method === 'POST' && path === '/v2/payments')
      return postIdempotent(req, res, path, (body) => createPayment(state, body), respondCreated);
    if (req.method === 'GET' && path === '/v2/methods') return sendJson(res, 200, listMethods(rawQuery));
    const payment = paymentId ? existing(decodeURIComponent(paymentId)) : undefined;
    if (req.method === 'GET' && payment && !sub) return sendJson(res, 200, payment);
    if (req.method === 'DELETE' && payment && !sub) {
      sendJson(res, 200, cancelPayment(payment));
      if (payment.webhookUrl) void webhooks.deliver(payment.webhookUrl, payment.id);
      return;
    }
    if (req.method === 'POST' && payment && sub)
      return postIdempotent(
        req,
        res,
        path,
        (body) => createRefund(payment, body, refunds),
        (r, refund) => sendJson(r, 201, refund),
      );
    if (req.method === 'GET' && payment && sub) return sendJson(res, 200, listRefunds(payment, refunds));
    throw new ApiError(404, 'The requested resource does not exist');
  }

  function existing(paymentId: string): ProviderPayment {
    const payment = state.payments.get(paymentId);
    if (!payment) throw new ApiError(404, `No payment exists with token ${paymentId}`);
    return payment;
  }

  /** Mollie's `Idempotency-Key` on every POST; one key used on another endpoint or with another body is a 400. */
  async function postIdempotent<T>(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    create: (body: Record<string, unknown>) => T,
    respond: (res: ServerResponse, created: T) => void,
  ): Promise<void> {
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string' || key === '') return respond(res, create(parseJsonObject(await readBody(req))));

    const claim = idempotency.claim(key);
    if (claim.kind === 'in-progress') throw new ApiError(409, 'A request with this Idempotency-Key is still being processed');
    let text: string;
    try {
      text = `${path}\n${await readBody(req)}`;
    } catch (error) {
      if (claim.kind === 'new') claim.abandon();
      throw error;
    }
    if (claim.kind === 'replay') {
      if (!claim.matches(text)) throw new ApiError(400, 'The Idempotency-Key was already used for a request with a different body');
      return sendJson(res, claim.status, claim.body, { 'Idempotent-Replayed': 'true' });
    }
    let created: T;
    try {
      created = create(parseJsonObject(text.slice(path.length + 1)));
    } catch (error) {
      // A refused request is answered the same way again; anything unexpected may be retried for real.
      if (error instanceof ApiError) claim.finish(text, error.status, error.toJSON());
      else claim.abandon();
      throw error;
    }
    claim.finish(text, 201, structuredClone(created));
    respond(res, created);
  }

  function respondCreated(res: ServerResponse, payment: ProviderPayment): void {
    sendJson(res, 201, payment);
    // A recurring payment is final already; its webhook follows the 201, as at Mollie.
    if (payment.status !== 'open' && payment.webhookUrl) void webhooks.deliver(payment.webhookUrl, payment.id);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const [path, rawQuery = ''] = (req.url ?? '/').split('?', 2);
    try {
      const checkout = /^\/checkout\/([^/]+)$/.exec(path);
      if (checkout) return await handleCheckout(req, res, state.payments.get(decodeURIComponent(checkout[1])), complete);
      if (path === '/v2' || path.startsWith('/v2/')) return await api(req, res, path, rawQuery);
      sendText(res, 404, 'Not found');
    } catch (error) {
      if (res.headersSent) return void res.destroy();
      if (error instanceof ApiError) return sendJson(res, error.status, error.toJSON());
      sendJson(res, 500, { status: 500, title: 'Internal Server Error', detail: (error as Error).message });
    }
  }

  const http = await listen((req, res) => void route(req, res), options.host ?? '127.0.0.1');
  state.url = http.url;
  let stopped: Promise<void> | undefined;

  return {
    url: http.url,
    apiKey: options.apiKey,
    complete,
    notify,
    payments: () => [...state.payments.values()].map((payment) => structuredClone(payment)),
    refunds: () => refunds.map((refund) => structuredClone(refund)),
    webhookCalls: webhooks.calls,
    idempotencyKeyInProgress: idempotency.inProgress,
    behaviour: {
      setDown: (value) => void (down = value),
      declineNextRecurring: (n = 1) => void (state.declines += n),
      reset() {
        down = false;
        state.declines = 0;
      },
    },
    stop() {
      stopped ??= (webhooks.stop(), http.close());
      return stopped;
    },
  };
}
