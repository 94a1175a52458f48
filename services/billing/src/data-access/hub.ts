import axios from 'axios';
import { retryOnReset } from './retry-on-reset';
import { upstreamError } from './upstream-error';

export interface HubPlan {
  code: string;
  name: string;
  amount_cents: number;
  amount_currency: string;
  interval: string;
  monthly_email_quota: number;
}

/** What the hub is told about a subscription; it charges the renewals and reports them by webhook. */
export interface HubSubscriptionChange {
  plan_code?: string;
  scheduled_plan_code?: string | null;
  cancel_at_period_end?: boolean;
}

export interface Hub {
  plans(): Promise<HubPlan[]>;
  /** Creates or replaces the tenant's subscription (`external_id` = tenant id). */
  putSubscription(tenantId: string, plan: string, periodStart: Date, periodEnd: Date): Promise<void>;
  changeSubscription(tenantId: string, change: HubSubscriptionChange): Promise<void>;
}

export function createHubClient(hub: { url: string; apiKey: string }, timeoutMs: number): Hub {
  const client = axios.create({ baseURL: hub.url, timeout: timeoutMs, headers: { authorization: `Bearer ${hub.apiKey}` } });
  retryOnReset(client);
  client.interceptors.response.use(undefined, (err) => Promise.reject(upstreamError(err)));
  return {
    async plans() {
      return (await client.get<{ plans: HubPlan[] }>('/api/v1/plans')).data.plans;
    },
    async putSubscription(tenantId, plan, periodStart, periodEnd) {
      await client.post('/api/v1/subscriptions', {
        subscription: {
          external_id: tenantId,
          plan_code: plan,
          current_period_start: periodStart.toISOString(),
          current_period_end: periodEnd.toISOString(),
        },
      });
    },
    async changeSubscription(tenantId, change) {
      await client.put(`/api/v1/subscriptions/${encodeURIComponent(tenantId)}`, { subscription: change });
    },
  };
}
