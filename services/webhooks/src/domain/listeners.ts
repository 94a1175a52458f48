import type { Envelope } from '@mailplane/contracts';
import type { EndpointRecord } from '../data-access/endpoints-repo';
import type { WebhooksDeps } from './deps';

/** The events mail leaves unpublished when no endpoint of the tenant listens for them (docs/decisions/event-listeners.md). */
const GATED = new Set(['email.queued', 'email.scheduled', 'email.suppressed', 'email.sent', 'email.deferred', 'email.failed']);

/** Mail published an event no endpoint takes: it is told what they listen for, at most once a minute per tenant and replica. */
export function narrowSoon(deps: WebhooksDeps, event: Envelope, enabled: EndpointRecord[]): void {
  const tenantId = event.tenantId;
  if (!tenantId || !GATED.has(event.type) || !deps.narrowing.due(tenantId, deps.clock.now().getTime())) return;
  const eventTypes = [...new Set(enabled.flatMap((e) => e.eventTypes))];
  deps.mailListeners
    .narrow(tenantId, eventTypes)
    .catch((err: unknown) => deps.logger.warn('event listeners not narrowed', { tenantId, err }));
}
