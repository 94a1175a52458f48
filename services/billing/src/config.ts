import { envReader } from '@mailplane/runtime';

export interface BillingConfig {
  /** The hub (catalogue, subscriptions) and the payment provider; billing answers 503 without both. */
  hub: { url: string; apiKey: string; webhookSecret: string } | null;
  provider: { url: string; apiKey: string } | null;
  /** Where the provider reaches our webhook: `<publicUrl>/billing/webhook/payment-provider`. */
  publicUrl: string;
  /** Where a customer lands after the hosted checkout when the request names no `successUrl`; null: our return page. */
  checkoutReturnUrl: string | null;
  /** Emails per month of a tenant on no paid plan; keep equal to mail's DEFAULT_MONTHLY_QUOTA. */
  freeMonthlyQuota: number;
  timeoutMs: number;
  sweepEveryMs: number;
  /** How long the sweep's lease lasts: a dead holder's sweep moves to another replica after it. */
  jobLeaseMs: number;
}

export function billingConfig(env: Record<string, string | undefined>): Readonly<BillingConfig> {
  const read = envReader(env);
  const hubUrl = read.optionalUrl('BILLING_HUB_URL', ['http', 'https']);
  const providerUrl = read.optionalUrl('PAYMENT_PROVIDER_URL', ['http', 'https']);
  const publicUrl = read.url('PUBLIC_URL', 'http://localhost:3000', ['http', 'https']).replace(/\/+$/, '');
  return Object.freeze({
    hub: hubUrl
      ? {
          url: hubUrl.replace(/\/+$/, ''),
          apiKey: read.secret('BILLING_HUB_API_KEY', 8),
          webhookSecret: read.secret('BILLING_HUB_WEBHOOK_SECRET', 16),
        }
      : null,
    provider: providerUrl ? { url: providerUrl.replace(/\/+$/, ''), apiKey: read.secret('PAYMENT_PROVIDER_API_KEY', 8) } : null,
    publicUrl,
    checkoutReturnUrl: read.optionalUrl('CHECKOUT_RETURN_URL', ['http', 'https']) ?? null,
    freeMonthlyQuota: read.int('DEFAULT_MONTHLY_QUOTA', 3000, { min: 0 }),
    timeoutMs: read.int('BILLING_TIMEOUT_MS', 10_000, { min: 100, max: 60_000 }),
    sweepEveryMs: read.int('BILLING_SWEEP_MS', 1000, { min: 10 }),
    jobLeaseMs: read.int('JOB_LEASE_MS', 15_000, { min: 300, max: 600_000 }),
  });
}
