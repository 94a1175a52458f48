import type { Schemas } from './schemas';

export type CreateIdentityRequest = Schemas['CreateIdentityRequest'];
export type DnsRecord = Schemas['DnsRecord'];
/** A sending domain. Never carries the DKIM private key. */
export type Identity = Schemas['Identity'];

export type EventTypeFilter = Schemas['EventTypeFilter'];
export type CreateWebhookEndpointRequest = Schemas['CreateWebhookEndpointRequest'];
/** PATCH body: at least one field. */
export type UpdateWebhookEndpointRequest = Schemas['UpdateWebhookEndpointRequest'];
/** A webhook endpoint without its secret. */
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
/** Returned once, at creation: `secret` is `whsec_…`. */
export type CreatedWebhookEndpoint = Schemas['CreatedWebhookEndpoint'];
export type RotatedSecret = Schemas['RotatedSecret'];

/** The body of an outbound webhook delivery, with `data` typed by the caller. */
export type WebhookEvent<T = Record<string, unknown>> = Omit<Schemas['WebhookEvent'], 'data'> & { data: T };

export type SuppressionReason = Schemas['Suppression']['reason'];
export type AddSuppressionRequest = Schemas['AddSuppressionRequest'];
export type Suppression = Schemas['Suppression'];
export type UnsubscribeConfirmation = Schemas['UnsubscribeConfirmation'];
export type Health = Schemas['Health'];
export type CreateTenantRequest = Schemas['CreateTenantRequest'];
export type CreatedTenant = Schemas['CreatedTenant'];
export type WebhookDeliveryStatus = Schemas['WebhookDeliveryStatus'];
export type WebhookDeliveryAttempt = Schemas['WebhookDeliveryAttempt'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type WebhookDeliveryDetail = Schemas['WebhookDeliveryDetail'];
export type ReplayWebhookDeliveriesRequest = Schemas['ReplayWebhookDeliveriesRequest'];
export type ReplayResult = Schemas['ReplayResult'];
/** GET /readyz: every dependency the answering process needs, `up` or `down` (the 503 problem carries the same `checks`). */
export type Readiness = Schemas['Readiness'];
