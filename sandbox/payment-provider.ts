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
import { createWebhookSender, type WebhookCall } from './payment-provider-webhook';

export type { PaymentStatus, ProviderCustomer, ProviderPayment, SequenceType, SettledStatus } from './payment-provider-payments';
export type { WebhookCall } from './payment-provider-webhook';

export interface PaymentProviderOptions {
  apiKey: string;
  /** Delays before each webhook retry; the call is given up after the last. */
  webhookRetryMs?: number[];
  host?: string;
}

/** Stands in for the Mollie v2 API: customers, payments with a hosted checkout, mandates, recurring charges and webhooks. */
export interface PaymentProvider {
  /** Base URL; API paths start with /v2. */
  url: string;
  apiKey: string;
  /** Settles a payment as the customer's checkout would: sets status, creates the mandate for a paid `first` payment, then calls its webhookUrl. */
  complete(paymentId: string, status: SettledStatus): Promise<void>;
  /** Copies, oldest first. */
  payments(): ProviderPayment[];
  /** Each webhook call made: paymentId, the HTTP status the receiver answered (null on connection error), time. */
  webhookCalls(): WebhookCall[];
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
  let down = false;

  async function complete(paymentId: string, status: SettledStatus): Promise<void> {
    const payment = settle(state, paymentId, status);
    if (payment.webhookUrl) await webhooks.deliver(payment.webhookUrl, payment.id);
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string, rawQuery: string): Promise<void> {
    if (down) throw new ApiError(503, 'The service is temporarily unavailable, try again later');
    if (req.headers.authorization !== `Bearer ${options.apiKey}`)
      throw new ApiError(401, 'Missing authentication, or failed to authenticate');
    const paymentId = /^\/v2\/payments\/([^/]+)$/.exec(path)?.[1];
    if (req.method === 'POST' && path === '/v2/customers')
      return sendJson(res, 201, createCustomer(state, parseJsonObject(await readBody(req))));
    if (req.method === 'POST' && path === '/v2/payments') return postPayment(req, res);
    if (req.method === 'GET' && path === '/v2/methods') return sendJson(res, 200, listMethods(rawQuery));
    if (req.method === 'GET' && paymentId) {
      const payment = state.payments.get(decodeURIComponent(paymentId));
      if (!payment) throw new ApiError(404, `No payment exists with token ${decodeURIComponent(paymentId)}`);
      return sendJson(res, 200, payment);
    }
    throw new ApiError(404, 'The requested resource does not exist');
  }

  async function postPayment(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string' || key === '') return respondCreated(res, createPayment(state, parseJsonObject(await readBody(req))));

    const claim = idempotency.claim(key);
    if (claim.kind === 'in-progress') throw new ApiError(409, 'A request with this Idempotency-Key is still being processed');
    let text: string;
    try {
      text = await readBody(req);
    } catch (error) {
      if (claim.kind === 'new') claim.abandon();
      throw error;
    }
    if (claim.kind === 'replay') {
      if (!claim.matches(text)) throw new ApiError(400, 'The Idempotency-Key was already used for a request with a different body');
      return sendJson(res, claim.status, claim.body, { 'Idempotent-Replayed': 'true' });
    }
    let payment: ProviderPayment;
    try {
      payment = createPayment(state, parseJsonObject(text));
    } catch (error) {
      // A refused request is answered the same way again; anything unexpected may be retried for real.
      if (error instanceof ApiError) claim.finish(text, error.status, error.toJSON());
      else claim.abandon();
      throw error;
    }
    claim.finish(text, 201, structuredClone(payment));
    respondCreated(res, payment);
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
    payments: () => [...state.payments.values()].map((payment) => structuredClone(payment)),
    webhookCalls: webhooks.calls,
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
