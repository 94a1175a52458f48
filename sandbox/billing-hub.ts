import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, sendJson } from './sandbox-http';

const send = (res: ServerResponse, status: number, body: unknown) => sendJson(res, status, body, { 'Content-Type': 'application/json' });

export interface HubPlan {
  code: string;
  name: string;
  amount_cents: number;
  amount_currency: string;
  interval: 'monthly';
  monthly_email_quota: number;
}

/** Stands in for the subscription billing hub; so far only its plan catalogue. */
export interface BillingHub {
  url: string;
  apiKey: string;
  /** Replaces the catalogue; later GETs list these, in this order. */
  setPlans(plans: HubPlan[]): void;
  /** While down, every API call answers 503. */
  setDown(down: boolean): void;
  stop(): Promise<void>;
}

export const DEFAULT_HUB_PLANS: HubPlan[] = [
  { code: 'free', name: 'Free', amount_cents: 0, amount_currency: 'EUR', interval: 'monthly', monthly_email_quota: 3000 },
  { code: 'starter', name: 'Starter', amount_cents: 1500, amount_currency: 'EUR', interval: 'monthly', monthly_email_quota: 20000 },
  { code: 'growth', name: 'Growth', amount_cents: 4900, amount_currency: 'EUR', interval: 'monthly', monthly_email_quota: 100000 },
  { code: 'scale', name: 'Scale', amount_cents: 14900, amount_currency: 'EUR', interval: 'monthly', monthly_email_quota: 500000 },
];

export async function startBillingHub(options: { apiKey: string; plans?: HubPlan[]; host?: string }): Promise<BillingHub> {
  const host = options.host ?? '127.0.0.1';
  // Copies both ways, so neither the caller nor a client can change the catalogue behind the hub's back.
  let plans = structuredClone(options.plans ?? DEFAULT_HUB_PLANS);
  let down = false;

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const path = (req.url ?? '/').split('?')[0];
    if (!path.startsWith('/api/')) return send(res, 404, { status: 404, error: 'Not Found' });
    if (down) return send(res, 503, { status: 503, error: 'Service Unavailable' });
    if (req.headers.authorization !== `Bearer ${options.apiKey}`) return send(res, 401, { status: 401, error: 'Unauthorized' });
    if (req.method === 'GET' && path === '/api/v1/plans') return send(res, 200, { plans });
    send(res, 404, { status: 404, error: 'Not Found' });
  }

  const http = await listen(handle, host);
  let stopped: Promise<void> | undefined;

  return {
    url: http.url,
    apiKey: options.apiKey,
    setPlans: (next) => void (plans = structuredClone(next)),
    setDown: (value) => void (down = value),
    stop() {
      stopped ??= http.close();
      return stopped;
    },
  };
}

