import type { AuditRecorded } from '@mailplane/contracts';
import { auditData, newId, type AuditContext, type AuditedChange } from '@mailplane/runtime';
import type { CarriesEvents, Doc, EventOutbox } from '@mailplane/store';
import type { AuditLogRecord } from '../data-access/audit-log-repo';
import type { GatewayDeps } from './deps';

const DAY_MS = 24 * 3600_000;

export const OPERATOR = { type: 'operator', id: 'operator', name: 'operator' } as const;

/** The operator acting in the process itself (the embedded start's sandbox tenant), not through a request. */
export const inProcessOperator = (): AuditContext => ({ actor: { ...OPERATOR, ip: null, userAgent: null }, requestId: newId('req') });

export function toLogRecord(deps: Pick<GatewayDeps, 'config'>, tenantId: string, data: AuditRecorded): AuditLogRecord {
  const at = new Date(data.at);
  const { id, ...fields } = data;
  return { ...fields, _id: id, tenantId, at, expiresAt: new Date(at.getTime() + deps.config.auditRetentionDays * DAY_MS) };
}

export const auditRecord = (deps: Pick<GatewayDeps, 'config'>, tenantId: string, context: AuditContext, change: AuditedChange, at: Date) =>
  toLogRecord(deps, tenantId, auditData(context, change, at));

/** A failure leaves the records with the change, where the audit sweep finds them: the change stands, its record follows. */
export async function moveAudit<T extends Doc & CarriesEvents<AuditLogRecord>>(
  deps: Pick<GatewayDeps, 'auditLog' | 'logger'>,
  outbox: EventOutbox<T>,
  carrier: T,
): Promise<void> {
  await outbox
    .announce(carrier, (record) => deps.auditLog.insert(record))
    .catch((err) => deps.logger.warn('audit record left for the sweep', { err, carrierId: carrier._id }));
}
