import type { Envelope } from '@mailplane/contracts';
import type { EndpointRecord } from '../data-access/endpoints-repo';
import type { WebhooksDeps } from './deps';

/** The events mail leaves unpublished when no endpoint of the tenant listens for them (docs/decisions/event-listeners.md). */
const GATED = new Set(['email.queued', 'email.scheduled', 'email.suppressed', 'email.sent', 'email.deferred', 'email.failed']);

/**
 * An event mail could have kept found no endpoint: mail's set of the tenant's types is wider than its endpoints
 * (or it has none yet), so it is told what they listen for. Best effort, in the background, at most once a
 * minute per tenant from this replica (`deps.narrowing`).
 */
export function narrowSoon(deps: WebhooksDeps, event: Envelope, enabled: EndpointRecord[]): void {
  const tenantId = event.tenantId;
  if (!tenantId || !GATED.has(event.type) || !deps.narrowing.due(tenantId, deps.clock.now().getTime())) return;
  const eventTypes = [...new Set(enabled.flatMap((e) => e.eventTypes))];
  deps.mailListeners
    .narrow(tenantId, eventTypes)
    .catch((err: unknown) => deps.logger.warn('event listeners not narrowed', { tenantId, err }));
}
