import { request as httpRequest, type ClientRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface WebhookCall {
  paymentId: string;
  /** The receiver's HTTP status, null when it could not be reached or timed out. */
  status: number | null;
  at: number;
  /** No call follows this one for the payment: it was answered 200, or it was the last retry. */
  final: boolean;
}

const TIMEOUT_MS = 10_000;

/** Mollie's webhook: `id=tr_…` form-posted; anything but a 200 is retried after each of `retryMs`. */
export function createWebhookSender(retryMs: number[]) {
  const calls: WebhookCall[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<ClientRequest>();
  let stopped = false;

  function post(url: string, paymentId: string): Promise<number | null> {
    const body = new URLSearchParams({ id: paymentId }).toString();
    const send = new URL(url).protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve) => {
      const req = send(url, {
        method: 'POST',
        // No shared agent: a kept-alive socket to the receiver would hold its server open after the test closes it.
        agent: false,
        timeout: TIMEOUT_MS,
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': Buffer.byteLength(body),
          'User-Agent': 'Mollie HTTP client/1.0',
        },
      });
      inFlight.add(req);
      const done = (status: number | null) => (inFlight.delete(req), resolve(status));
      req.on('response', (res) => {
        res.resume();
        done(res.statusCode ?? null);
      });
      req.on('timeout', () => req.destroy(new Error('webhook timed out')));
      req.on('error', () => done(null));
      req.end(body);
    });
  }

  async function attempt(url: string, paymentId: string, retry: number): Promise<void> {
    const status = await post(url, paymentId);
    // A call cut short by stop() is not an answer from the receiver.
    if (stopped) return;
    const final = status === 200 || retry >= retryMs.length;
    calls.push({ paymentId, status, at: Date.now(), final });
    if (final) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void attempt(url, paymentId, retry + 1);
    }, retryMs[retry]);
    timers.add(timer);
  }

  return {
    /** Resolves once the first call has an answer (or failed); retries run on in the background. */
    deliver: (url: string, paymentId: string) => (stopped ? Promise.resolve() : attempt(url, paymentId, 0)),
    calls: () => calls.map((call) => ({ ...call })),
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const req of inFlight) req.destroy();
    },
  };
}
