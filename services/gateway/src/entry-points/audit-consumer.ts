import { QUEUES, validateMessage, type AuditRecorded } from '@mailplane/contracts';
import { ack, deadLetter, type Broker, type Subscription } from '@mailplane/broker';
import { toLogRecord } from '../domain/audit';
import type { GatewayDeps } from '../domain/deps';

/** The other services' audit records, published from the changed records' outboxes: each kept once, under its own id. */
export function consumeAuditRecords(broker: Broker, deps: GatewayDeps): Promise<Subscription> {
  return broker.consume(
    QUEUES.gatewayAudit,
    async (event) => {
      const issues = validateMessage(event);
      if (issues.length > 0 || !event.tenantId) return deadLetter(`invalid audit.recorded: ${JSON.stringify(issues)}`);
      await deps.auditLog.insert(toLogRecord(deps, event.tenantId, event.data as AuditRecorded));
      return ack();
    },
    { prefetch: 16, bindings: ['audit.recorded'] },
  );
}
