// Billing shapes of the HTTP API, kept equal to openapi.yaml.

export interface CheckoutRequest {
  plan: string;
  email?: string;
  name?: string;
  paymentMethod?: string;
  successUrl?: string;
}

export interface CheckoutResult {
  /** Redirect the customer here. */
  checkoutUrl: string;
  paymentId: string;
  plan: string;
  expiresAt?: string;
}

export interface CheckoutMethod {
  id: string;
  description: string;
  imageUrl?: string;
}

export interface CheckoutMethods {
  plan: string;
  methods: CheckoutMethod[];
}

export interface QuoteRequest {
  plan: string;
}

/** The prorated amount owed today for an upgrade. */
export interface Quote {
  plan: string;
  currentPlan: string;
  amountCents: number;
  currency: string;
  periodEnd: string;
  consentRequired: boolean;
  prorationFloorCents: number;
}

export interface UpgradeRequest {
  plan: string;
  acceptedCents: number;
  consented?: boolean;
}

export interface UpgradeResult {
  plan: string;
  chargedCents: number;
  currency: string;
  effectiveAt: string;
  paymentId: string | null;
}

export interface DowngradeRequest {
  plan: string;
}

export interface DowngradeResult {
  /** The current tier, unchanged until effectiveAt. */
  plan: string;
  scheduledPlan: string;
  effectiveAt: string;
}

export interface CancelResult {
  accessUntil: string;
  hasSubscription: true;
  cancelAtPeriodEnd: true;
}

export type SubscriptionStatus = 'none' | 'active' | 'past_due' | 'canceled' | 'lapsed';

export interface ScheduledChange {
  kind: 'downgrade';
  plan: string;
  effectiveAt: string;
}

/** GET /billing/state. */
export interface BillingState {
  hasSubscription: boolean;
  plan: string;
  status: SubscriptionStatus;
  paymentFailed: boolean;
  fixUntil: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  scheduledChange: ScheduledChange | null;
  monthlyEmailQuota: number;
  /** The tier is a back-office grant; `currentPeriodEnd` is then when it ends (null: until taken back). */
  granted: boolean;
  /** This month's sending as POST /emails counts it; null when mail cannot be asked. */
  usage: MonthlyUsage | null;
}

/** The internal operation on `rpc.mail` (never routed by the gateway) that answers a tenant's MonthlyUsage. */
export const MONTHLY_USAGE_OPERATION = 'getMonthlyUsage';

/** Emails counted against the monthly quota, the quota, and when the count starts again. */
export interface MonthlyUsage {
  used: number;
  limit: number;
  resetAt: string;
}

/** POST /admin/tenants/{tenantId}/grant. */
export interface GrantRequest {
  plan: string;
  until?: string;
}

export interface Plan {
  id: string;
  name: string;
  priceCents: number;
  interval: 'month';
  purchasable: boolean;
  /** Absent when the catalogue is degraded. */
  priceId?: string;
  monthlyEmailQuota: number;
}

/** GET /billing/catalogue. */
export interface Catalogue {
  degraded: boolean;
  currency: string;
  plans: Plan[];
}

/** Data of the internal `entitlement.changed` event. */
export interface EntitlementChanged {
  revision: number;
  plan: string;
  monthlyEmailQuota: number;
  status: SubscriptionStatus;
  hasSubscription: boolean;
  effectiveAt: string;
}
