import { AppError, type CreateInboundRouteRequest, type UpdateInboundRouteRequest } from '@mailplane/contracts';
import { DuplicateKeyError } from '@mailplane/store';
import { auditEvent, newId, pageOf, type AuditContext } from '@mailplane/runtime';
import { carrying } from '@mailplane/store';
import type { InboundAction, InboundRouteRecord } from '../../data-access/inbound-routes-repo';
import { announceChange } from '../announce';
import type { MailDeps } from '../deps';
import { parsePattern } from './patterns';

export function routeView(r: InboundRouteRecord) {
  return {
    id: r._id,
    pattern: r.pattern,
    action: actionView(r.action),
    refuseUnauthenticated: r.refuseUnauthenticated,
    description: r.description,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const actionView = (a: InboundAction) =>
  a.type === 'reject'
    ? { type: a.type, code: a.code, message: a.message }
    : a.type === 'webhook'
      ? { type: a.type, endpointId: a.endpointId ?? null }
      : { type: a.type };

function actionOf(input: CreateInboundRouteRequest['action']): InboundAction {
  if (input.type === 'reject') return { type: 'reject', code: input.code, message: input.message ?? 'Recipient refused' };
  if (input.type === 'webhook') return { type: 'webhook', endpointId: input.endpointId ?? null };
  return { type: 'hold' };
}

/** A pattern's domain must be one the tenant receives at (or has asked to): else the route could never match. */
async function checkDomain(deps: MailDeps, tenantId: string, pattern: string) {
  const { domain } = parsePattern(pattern);
  const identity = await deps.identities.byDomain(tenantId, domain);
  if (!identity?.inbound) {
    const message = `${domain} is not one of your receiving domains (POST /identities/{id}/inbound)`;
    throw new AppError('validation_failed', `pattern: ${message}.`, { extra: { errors: [{ path: '/body/pattern', message }] } });
  }
}

const routeChange = (id: string, operationId: string, changes: Record<string, unknown>) => ({
  operationId,
  target: { type: 'inboundRoute', id },
  changes,
});
const gone = (id: string) => new AppError('not_found', `No inbound route ${id}`);

export const announceRoute = (deps: MailDeps, record: InboundRouteRecord) => announceChange(deps, deps.inboundRoutes, record);

const taken = (pattern: string) => new AppError('already_exists', `A route for ${pattern} already exists.`);

export async function createRoute(deps: MailDeps, tenantId: string, input: CreateInboundRouteRequest, audit: AuditContext) {
  const pattern = input.pattern.toLowerCase();
  await checkDomain(deps, tenantId, pattern);
  const now = deps.clock.now();
  const id = newId('inr', now.getTime());
  const fields = {
    pattern,
    action: actionOf(input.action),
    refuseUnauthenticated: input.refuseUnauthenticated ?? false,
    description: input.description ?? null,
  };
  const record: InboundRouteRecord = {
    _id: id,
    tenantId,
    ...fields,
    ...parsePattern(pattern),
    createdAt: now,
    updatedAt: now,
    changedAt: now,
    changeSeq: 1,
    ...carrying([auditEvent(tenantId, audit, routeChange(id, 'createInboundRoute', fields), now)]),
  };
  try {
    await deps.inboundRoutes.insert(record);
  } catch (err) {
    if (err instanceof DuplicateKeyError) throw taken(pattern);
    throw err;
  }
  await announceRoute(deps, record);
  return record;
}

export async function getRoute(deps: MailDeps, tenantId: string, id: string) {
  const record = await deps.inboundRoutes.byId(tenantId, id);
  if (!record) throw gone(id);
  return record;
}

export async function updateRoute(deps: MailDeps, tenantId: string, id: string, input: UpdateInboundRouteRequest, audit: AuditContext) {
  await getRoute(deps, tenantId, id);
  const pattern = input.pattern?.toLowerCase();
  if (pattern) await checkDomain(deps, tenantId, pattern);
  const changes = {
    ...(pattern ? { pattern } : {}),
    ...(input.action ? { action: actionOf(input.action) } : {}),
    ...(input.refuseUnauthenticated !== undefined ? { refuseUnauthenticated: input.refuseUnauthenticated } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
  };
  const now = deps.clock.now();
  const event = auditEvent(tenantId, audit, routeChange(id, 'updateInboundRoute', changes), now);
  try {
    const fields = { ...changes, ...(pattern ? parsePattern(pattern) : {}), updatedAt: now };
    const updated = await deps.inboundRoutes.update(tenantId, id, fields, [event], now);
    if (!updated) throw gone(id);
    await announceRoute(deps, updated);
    return updated;
  } catch (err) {
    if (err instanceof DuplicateKeyError) throw taken(pattern as string);
    throw err;
  }
}

/** Gone for the tenant (and its recipients) at once; a tombstone carries the deletion's record until it is published. */
export async function deleteRoute(deps: MailDeps, tenantId: string, id: string, audit: AuditContext) {
  const { pattern } = await getRoute(deps, tenantId, id);
  const now = deps.clock.now();
  const event = auditEvent(tenantId, audit, routeChange(id, 'deleteInboundRoute', { pattern }), now);
  const removed = await deps.inboundRoutes.remove(tenantId, id, [event], now);
  if (!removed) throw gone(id);
  await announceRoute(deps, removed);
}

export async function listRoutes(deps: MailDeps, tenantId: string, page: { limit: number; offset: number }) {
  return pageOf(page, deps.inboundRoutes.list(tenantId, page), deps.inboundRoutes.count(tenantId), routeView);
}
