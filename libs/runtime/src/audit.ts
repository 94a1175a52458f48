import { AppError, type AuditRecorded, type Envelope, type RequestActor, type RpcRequest } from '@mailplane/contracts';
import { newEnvelope } from './envelope';
import { newId } from './ids';

const USER_AGENT_MAX = 256;

/** Who makes a change and in which request: what every audited domain function is given. */
export interface AuditContext {
  actor: RequestActor;
  requestId: string;
}

/** What one change did, as its domain function summarises it: named fields only, never a secret. */
export interface AuditedChange {
  operationId: string;
  target: { type: string; id: string };
  changes: Record<string, unknown>;
}

/** Refuses a request without its actor (a change is always someone's); an older gateway's bare key id names the key. */
export function auditContextOf(request: RpcRequest): AuditContext {
  const actor =
    request.actor ??
    (request.keyId
      ? { type: 'key' as const, id: request.keyId, name: request.keyId, ip: null, userAgent: request.headers['user-agent'] ?? null }
      : null);
  if (!actor) throw new AppError('unauthorized');
  return { actor, requestId: request.requestId };
}

/** The record of a change, made with it (to be written in the change's own write); its id sorts by `at`. */
export function auditData({ actor, requestId }: AuditContext, change: AuditedChange, at: Date): AuditRecorded {
  return {
    id: newId('aud', at.getTime()),
    at: at.toISOString(),
    actor: { type: actor.type, id: actor.id, name: actor.name },
    ip: actor.ip,
    userAgent: actor.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    requestId,
    operationId: change.operationId,
    target: change.target,
    changes: change.changes,
  };
}

/** Audit records are published mandatory: a broker wiped of the gateway's queue refuses one, and the outbox keeps it. */
export const publishOptionsOf = (event: Envelope): { mandatory?: boolean } => (event.type === 'audit.recorded' ? { mandatory: true } : {});

/** An outbox keeps audit records a minute after publishing: a start on new (in-process) queues publishes them again. */
export const keptAfterPublish = (event: Envelope): boolean => event.type === 'audit.recorded';

/** The `audit.recorded` event a service carries in the changed record's outbox; its relay publishes it to the gateway. */
export const auditEvent = (tenantId: string, context: AuditContext, change: AuditedChange, at: Date): Envelope<AuditRecorded> =>
  newEnvelope('event', 'audit.recorded', at, { tenantId, correlationId: change.target.id, data: auditData(context, change, at) });
