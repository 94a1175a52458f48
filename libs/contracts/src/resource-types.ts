// Identity, webhook-endpoint, suppression, unsubscribe and operator shapes of the HTTP API, kept equal
// to openapi.yaml (test/types.test.ts).
import type { WebhookEventType } from './events';
import type { CreatedApiKey } from './api-key-types';

export interface CreateIdentityRequest {
  domain: string;
  selector?: string;
}

export interface DnsRecord {
  purpose: 'dkim' | 'spf' | 'dmarc';
  type: 'TXT';
  name: string;
  value: string;
  status: 'unchecked' | 'found' | 'missing' | 'mismatch';
}

/** A sending domain. Never carries the DKIM private key. */
export interface Identity {
  id: string;
  domain: string;
  selector: string;
  status: 'pending' | 'verified' | 'failed';
  dnsRecords: DnsRecord[];
  createdAt: string;
  verifiedAt: string | null;
  lastCheckedAt: string | null;
}

export type EventTypeFilter = Array<WebhookEventType | '*'>;

export interface CreateWebhookEndpointRequest {
  url: string;
  eventTypes: EventTypeFilter;
  description?: string;
  disabled?: boolean;
}

/** PATCH body: at least one field. */
export type UpdateWebhookEndpointRequest = Partial<CreateWebhookEndpointRequest>;

/** A webhook endpoint without its secret. */
export interface WebhookEndpoint {
  id: string;
  url: string;
  eventTypes: EventTypeFilter;
  description: string;
  disabled: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Returned once, at creation: `secret` is `whsec_…`. */
export interface CreatedWebhookEndpoint extends WebhookEndpoint {
  secret: string;
}

export interface RotatedSecret {
  secret: string;
  previousSecretExpiresAt: string;
}

/** The body of an outbound webhook delivery. */
export interface WebhookEvent<T = Record<string, unknown>> {
  id: string;
  type: WebhookEventType;
  createdAt: string;
  data: T;
}

export type SuppressionReason = 'unsubscribed' | 'manual' | 'bounced';

export interface AddSuppressionRequest {
  email: string;
  reason?: SuppressionReason;
}

export interface Suppression {
  email: string;
  reason: SuppressionReason;
  createdAt: string;
  messageId: string | null;
}

export interface UnsubscribeConfirmation {
  unsubscribed: true;
  /** Masked, `j***@example.com`. */
  email: string;
}

export interface Health {
  status: 'ok' | 'degraded';
  services: Record<'billing' | 'mail' | 'webhooks', 'up' | 'down'>;
}

/** GET /readyz: every dependency the answering process needs, `up` or `down` (the 503 problem carries the same `checks`). */
export interface Readiness {
  status: 'ready';
  checks: Record<string, 'up' | 'down'>;
}

export interface CreateTenantRequest {
  name: string;
  sandbox?: boolean;
}

export interface CreatedTenant {
  tenantId: string;
  name: string;
  apiKey: CreatedApiKey;
}
