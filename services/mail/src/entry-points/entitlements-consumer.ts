import { QUEUES, validateMessage, type EntitlementChanged } from '@mailplane/contracts';
import { ack, deadLetter, type Broker, type Subscription } from '@mailplane/broker';
import type { MailDeps } from '../domain/deps';

/** Billing's `entitlement.changed`: the plan's monthly quota applies from the next send. */
export function consumeEntitlements(broker: Broker, deps: MailDeps): Promise<Subscription> {
  return broker.consume(
    QUEUES.mailEntitlements,
    async (event) => {
      const issues = validateMessage(event);
      if (issues.length > 0 || !event.tenantId) return deadLetter(`invalid entitlement.changed: ${JSON.stringify(issues)}`);
      const applied = await deps.entitlements.apply(event.tenantId, event.data as EntitlementChanged, deps.clock.now());
      if (!applied) deps.logger.info('older entitlement ignored', { tenantId: event.tenantId, eventId: event.id });
      return ack();
    },
    { prefetch: 16, bindings: ['entitlement.changed'] },
  );
}
