import type { IncomingMessage, ServerResponse } from 'node:http';
import { endPeriod, hubSignature, type HubSubscription, type PeriodEnd } from './billing-hub-subscriptions';
import { listen, readBody, sendJson } from './sandbox-http';

export type { HubSubscription, PeriodEnd };

const send = (res: ServerResponse, status: number, body: unknown) => sendJson(res, status, body, { 'Content-Type': 'application/json' });

export interface HubPlan {
  code: string;
  name: string;
  amount_cents: number;
  amount_currency: string;
  interval: 'monthly';
  monthly_email_quota: number;
}

/**
 * Stands in for the subscription billing hub: the plan catalogue, and subscriptions whose renewals the hub
 * charges itself and reports through signed webhooks; a test ends a period and says how it went.
 */
export interface BillingHub {
  url: string;
  apiKey: string;
  webhookSecret: string;
  /** Where lifecycle events are POSTed (the gateway's /billing/webhook/subscription-hub). */
  setWebhookUrl(url: string): void;
  subscriptions(): HubSubscription[];
  /** Ends the subscription's current period and sends the resulting event; resolves with the receiver's status. */
  endPeriod(externalId: string, outcome: PeriodEnd): Promise<number>;
  /** Replaces the catalogue; later GETs list these, in this order. */
  setPlans(plans: HubPlan[]): void;
  /** While down, every API call answers 503. */
  setDown(down: boolean): void;
  stop(): Promise<void>;
}

export const DEFAULT_HUB_PLANS: HubPlan[] = [
  { code: 'free', name: 'Free', amount_cents: 0, amount_currency: 'EUR', interval: 'monthly', monthly_email_quota: 3000 },
  // The granted tier: priced at zero, handed out from the back-office.
  { code: 'partner', name: 'Partner', amount_cents: 0, amount_currency: 'EUR', interval: 'monthly', monthly_email_quota: 50000 },
  { code: 'starter', name: 'Starter', amount_cents: 1500, amount_currency: 'EUR', interval: 'monthly', monthly_email_quota: 20000 },
  { code: 'growth', name: 'Growth', amount_cents: 4900, amount_currency: 'EUR', interval: 'monthly', monthly_email_quota: 100000 },
  { code: 'scale', name: 'Scale', amount_cents: 14900, amount_currency: 'EUR', interval: 'monthly', monthly_email_quota: 500000 },
];

export async function startBillingHub(options: {
  apiKey: string;
  webhookSecret?: string;
  plans?: HubPlan[];
  host?: string;
}): Promise<BillingHub> {
  const host = options.host ?? '127.0.0.1';
  // Copies both ways, so neither the caller nor a client can change the catalogue behind the hub's back.
  let plans = structuredClone(options.plans ?? DEFAULT_HUB_PLANS);
  let down = false;
  let webhookUrl: string | null = null;
  let eventSeq = 0;
  const webhookSecret = options.webhookSecret ?? 'sandbox-hub-webhook-secret';
  const subscriptions = new Map<string, HubSubscription>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    if (!path.startsWith('/api/')) return send(res, 404, { status: 404, error: 'Not Found' });
    if (down) return send(res, 503, { status: 503, error: 'Service Unavailable' });
    if (req.headers.authorization !== `Bearer ${options.apiKey}`) return send(res, 401, { status: 401, error: 'Unauthorized' });
    if (req.method === 'GET' && path === '/api/v1/plans') return send(res, 200, { plans });
    const one = /^\/api\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (req.method === 'POST' && path === '/api/v1/subscriptions') {
      const input = (JSON.parse((await readBody(req)) || '{}') as { subscription?: Partial<HubSubscription> }).subscription ?? {};
      if (
        !input.external_id ||
        !plans.some((p) => p.code === input.plan_code) ||
        !input.current_period_start ||
        !input.current_period_end
      ) {
        return send(res, 422, { status: 422, error: 'Unprocessable Entity' });
      }
      const sub: HubSubscription = {
        external_id: input.external_id,
        plan_code: input.plan_code!,
        status: 'active',
        current_period_start: input.current_period_start,
        current_period_end: input.current_period_end,
        scheduled_plan_code: null,
        cancel_at_period_end: false,
      };
      subscriptions.set(sub.external_id, sub);
      return send(res, 200, { subscription: sub });
    }
    const sub = one ? subscriptions.get(decodeURIComponent(one[1])) : undefined;
    if (one && !sub) return send(res, 404, { status: 404, error: 'Not Found' });
    if (sub && req.method === 'GET') return send(res, 200, { subscription: sub });
    if (sub && req.method === 'PUT') {
      const change = (JSON.parse((await readBody(req)) || '{}') as { subscription?: Partial<HubSubscription> }).subscription ?? {};
      if (change.plan_code !== undefined) sub.plan_code = change.plan_code;
      if (change.scheduled_plan_code !== undefined) sub.scheduled_plan_code = change.scheduled_plan_code;
      if (change.cancel_at_period_end !== undefined) sub.cancel_at_period_end = change.cancel_at_period_end;
      return send(res, 200, { subscription: sub });
    }
    send(res, 404, { status: 404, error: 'Not Found' });
  }

  const http = await listen((req, res) => void handle(req, res).catch(() => send(res, 400, { status: 400, error: 'Bad Request' })), host);
  let stopped: Promise<void> | undefined;

  return {
    url: http.url,
    apiKey: options.apiKey,
    setPlans: (next) => void (plans = structuredClone(next)),
    setDown: (value) => void (down = value),
    webhookSecret,
    setWebhookUrl: (url) => void (webhookUrl = url),
    subscriptions: () => structuredClone([...subscriptions.values()]),
    async endPeriod(externalId, outcome) {
      const sub = subscriptions.get(externalId);
      if (!sub) throw new Error(`no subscription ${externalId}`);
      if (!webhookUrl) throw new Error('no webhook URL set');
      const { type, data } = endPeriod(sub, outcome, new Date());
      const body = JSON.stringify({ id: `hev_${Date.now()}_${++eventSeq}`, type, created_at: new Date().toISOString(), data });
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'hub-signature': hubSignature(webhookSecret, body) },
        body,
      });
      await res.text();
      return res.status;
    },
    stop() {
      stopped ??= http.close();
      return stopped;
    },
  };
}
