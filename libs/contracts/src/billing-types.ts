import type { Schemas } from './schemas';

export type CheckoutRequest = Schemas['CheckoutRequest'];
export type CheckoutResult = Schemas['CheckoutResult'];
export type CheckoutMethod = Schemas['CheckoutMethods']['methods'][number];
export type CheckoutMethods = Schemas['CheckoutMethods'];
export type QuoteRequest = Schemas['QuoteRequest'];
/** The prorated amount owed today for an upgrade. */
export type Quote = Schemas['Quote'];
export type UpgradeRequest = Schemas['UpgradeRequest'];
export type UpgradeResult = Schemas['UpgradeResult'];
export type DowngradeRequest = Schemas['DowngradeRequest'];
export type DowngradeResult = Schemas['DowngradeResult'];
export type CancelResult = Schemas['CancelResult'];
export type SubscriptionStatus = Schemas['BillingState']['status'];
export type ScheduledChange = NonNullable<Schemas['BillingState']['scheduledChange']>;
export type BillingState = Schemas['BillingState'];
/** Emails counted against the monthly quota, the quota, and when the count starts again. */
export type MonthlyUsage = Schemas['MonthlyUsage'];
export type GrantRequest = Schemas['GrantRequest'];
export type Plan = Schemas['Plan'];
export type Catalogue = Schemas['Catalogue'];

/** The internal operation on `rpc.mail` (never routed by the gateway) that answers a tenant's MonthlyUsage. */
export const MONTHLY_USAGE_OPERATION = 'getMonthlyUsage';

/** Data of the internal `entitlement.changed` event: not in the HTTP document, its schema is in schemas/events.json. */
export interface EntitlementChanged {
  revision: number;
  plan: string;
  monthlyEmailQuota: number;
  status: SubscriptionStatus;
  hasSubscription: boolean;
  effectiveAt: string;
}
