import type { RequestActor } from '@mailplane/contracts';
import { newId } from '@mailplane/runtime';
import type { CarriesEvents, Doc, EventOutbox } from '@mailplane/store';
import type { AuditLogRecord } from '../data-access/audit-log-repo';
import type { GatewayDeps } from './deps';

const DAY_MS = 24 * 3600_000;
const USER_AGENT_MAX = 256;

/** Who makes a change and in which request: what every audited domain function is given. */
export interface AuditContext {
  actor: RequestActor;
  requestId: string;
}

/** The operator acting in the process itself (the embedded start's sandbox tenant), not through a request. */
export const inProcessOperator = (): AuditContext => ({
  actor: { type: 'operator', id: 'operator', name: 'operator', ip: null, userAgent: null },
  requestId: newId('req'),
});

/** What one change did, as its domain function summarises it: named fields only, never a secret. */
export interface AuditedChange {
  operationId: string;
  target: { type: string; id: string };
  changes: Record<string, unknown>;
}

/** The record of a change, made with it so that it is written in the change's own write; its id sorts by `at`. */
export function auditRecord(
  deps: Pick<GatewayDeps, 'config'>,
  tenantId: string,
  { actor, requestId }: AuditContext,
  change: AuditedChange,
  at: Date,
): AuditLogRecord {
  return {
    _id: newId('aud', at.getTime()),
    tenantId,
    at,
    actor: { type: actor.type, id: actor.id, name: actor.name },
    ip: actor.ip,
    userAgent: actor.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    requestId,
    operationId: change.operationId,
    target: change.target,
    changes: change.changes,
    expiresAt: new Date(at.getTime() + deps.config.auditRetentionDays * DAY_MS),
  };
}

/**
 * Moves the audit records a change carried into the log. A failure here leaves them with the change, where the
 * audit sweep finds them: the change stands and its record follows.
 */
export async function moveAudit<T extends Doc & CarriesEvents<AuditLogRecord>>(
  deps: Pick<GatewayDeps, 'auditLog' | 'logger'>,
  outbox: EventOutbox<T>,
  carrier: T,
): Promise<void> {
  await outbox
    .announce(carrier, (record) => deps.auditLog.insert(record))
    .catch((err) => deps.logger.warn('audit record left for the sweep', { err, carrierId: carrier._id }));
}
