import axios from 'axios';

/** A plan as the hub sells it. */
export interface HubPlan {
  code: string;
  name: string;
  amount_cents: number;
  amount_currency: string;
  interval: string;
  monthly_email_quota: number;
}

export interface Hub {
  plans(): Promise<HubPlan[]>;
}

export function createHubClient(hub: { url: string; apiKey: string }, timeoutMs: number): Hub {
  const client = axios.create({ baseURL: hub.url, timeout: timeoutMs, headers: { authorization: `Bearer ${hub.apiKey}` } });
  return {
    async plans() {
      return (await client.get<{ plans: HubPlan[] }>('/api/v1/plans')).data.plans;
    },
  };
}
