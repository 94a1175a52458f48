import { QUEUES, validateMessage, type AuditRecorded } from '@mailplane/contracts';
import { ack, backoffMs, deadLetter, DEFAULT_RETRY, errorFields, retry, type Broker, type Subscription } from '@mailplane/broker';
import { toLogRecord } from '../domain/audit';
import type { GatewayDeps } from '../domain/deps';

/** The other services' audit records, published from the changed records' outboxes: each kept once, under its own id. */
export function consumeAuditRecords(broker: Broker, deps: GatewayDeps): Promise<Subscription> {
  return broker.consume(
    QUEUES.gatewayAudit,
    async (event, delivery) => {
      const issues = validateMessage(event);
      if (issues.length > 0 || !event.tenantId) return deadLetter(`invalid audit.recorded: ${JSON.stringify(issues)}`);
      try {
        await deps.auditLog.insert(toLogRecord(deps, event.tenantId, event.data as AuditRecorded));
      } catch (err) {
        // Waited out, never dead-lettered: the in-process broker's dead letters die with the process, and the
        // change's document keeps its record only a minute after publishing it.
        deps.logger.warn('audit record not stored yet', { queue: QUEUES.gatewayAudit, attempt: delivery.attempt, ...errorFields(err) });
        return retry(backoffMs(DEFAULT_RETRY, delivery.attempt));
      }
      return ack();
    },
    { prefetch: 16, bindings: ['audit.recorded'] },
  );
}
