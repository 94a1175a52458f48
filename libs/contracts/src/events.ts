/** Domain event types, past tense (Standard Webhooks `type`). Never rename one: tenants filter on them, queues bind to them. */

export const WEBHOOK_EVENT_TYPES = [
  'email.queued',
  /** The receiving MTA answered 2xx to DATA; says nothing about the inbox. */
  'email.sent',
  /** A temporary failure (4xx, connection error); another attempt is scheduled. */
  'email.deferred',
  /** A permanent failure (5xx) or retries exhausted; the message will not be retried. */
  'email.failed',
  /** The recipient is on the suppression list; the message was accepted but never relayed. */
  'email.suppressed',
  /** Accepted (or rescheduled) with a send time; `email.queued` follows at that time. */
  'email.scheduled',
  'email.canceled',
  /** Sent, then returned by the recipient's server in a delivery report: it will never be delivered. */
  'email.bounced',
  'email.complained',
  /** With open tracking on, the message's image was fetched (machine fetches flagged). */
  'email.opened',
  /** With click tracking on, one of the message's links was followed (machine clicks flagged). */
  'email.clicked',
  /** A recipient used an unsubscribe link or one-click POST and was added to the suppression list. */
  'recipient.unsubscribed',
  'identity.verified',
  'identity.failed',
  /** The identity's DKIM key is older than DKIM_ROTATE_DAYS: a new key is pending, its record to publish. */
  'identity.dkim_rotation_proposed',
  /** One of the tenant's endpoints was disabled automatically (410 Gone, or failing for days); sent to the others. */
  'endpoint.disabled',
  /** A message arrived at one of the tenant's receiving domains and a `webhook` route took it. */
  'email.received',
  /** The tenant's bounce or complaint rate reached a review threshold; sending goes on. */
  'sending.review',
  /** The tenant's bounce or complaint rate reached a pause threshold (or an operator paused it); sends are refused, queued mail is held. */
  'sending.paused',
  /** An operator resumed the tenant's sending; held mail goes out, the window counts from now. */
  'sending.resumed',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const INTERNAL_EVENT_TYPES = [
  /** Billing changed what a tenant is entitled to (plan, monthly quota); mail keeps a copy. */
  'entitlement.changed',
  'audit.recorded',
] as const;

export type InternalEventType = (typeof INTERNAL_EVENT_TYPES)[number];

export const EVENT_TYPES = [...WEBHOOK_EVENT_TYPES, ...INTERNAL_EVENT_TYPES] as const;
export type EventType = WebhookEventType | InternalEventType;

/** An endpoint subscribed to `*` receives every webhook event type, present and future. */
export const ALL_EVENTS = '*';

export const isWebhookEventType = (value: string): value is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
