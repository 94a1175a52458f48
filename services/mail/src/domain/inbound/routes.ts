import { AppError, type CreateInboundRouteRequest, type UpdateInboundRouteRequest } from '@mailplane/contracts';
import { DuplicateKeyError } from '@mailplane/store';
import { newId, pageOf } from '@mailplane/runtime';
import type { InboundAction, InboundRouteRecord } from '../../data-access/inbound-routes-repo';
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

/** The action as stored: only the fields its type uses, a reject's text defaulted. */
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

const taken = (pattern: string) => new AppError('already_exists', `A route for ${pattern} already exists.`);

export async function createRoute(deps: MailDeps, tenantId: string, input: CreateInboundRouteRequest) {
  const pattern = input.pattern.toLowerCase();
  await checkDomain(deps, tenantId, pattern);
  const now = deps.clock.now();
  const record: InboundRouteRecord = {
    _id: newId('inr', now.getTime()),
    tenantId,
    pattern,
    ...parsePattern(pattern),
    action: actionOf(input.action),
    refuseUnauthenticated: input.refuseUnauthenticated ?? false,
    description: input.description ?? null,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await deps.inboundRoutes.insert(record);
  } catch (err) {
    if (err instanceof DuplicateKeyError) throw taken(pattern);
    throw err;
  }
  return record;
}

export async function getRoute(deps: MailDeps, tenantId: string, id: string) {
  const record = await deps.inboundRoutes.byId(tenantId, id);
  if (!record) throw new AppError('not_found', `No inbound route ${id}`);
  return record;
}

export async function updateRoute(deps: MailDeps, tenantId: string, id: string, input: UpdateInboundRouteRequest) {
  const record = await getRoute(deps, tenantId, id);
  const pattern = input.pattern?.toLowerCase();
  if (pattern) await checkDomain(deps, tenantId, pattern);
  const change: Partial<InboundRouteRecord> = {
    ...(pattern ? { pattern, ...parsePattern(pattern) } : {}),
    ...(input.action ? { action: actionOf(input.action) } : {}),
    ...(input.refuseUnauthenticated !== undefined ? { refuseUnauthenticated: input.refuseUnauthenticated } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    updatedAt: deps.clock.now(),
  };
  try {
    if ((await deps.inboundRoutes.update(tenantId, id, change)).matched === 0) throw new AppError('not_found', `No inbound route ${id}`);
  } catch (err) {
    if (err instanceof DuplicateKeyError) throw taken(pattern as string);
    throw err;
  }
  return { ...record, ...change };
}

export async function deleteRoute(deps: MailDeps, tenantId: string, id: string) {
  if ((await deps.inboundRoutes.remove(tenantId, id)) === 0) throw new AppError('not_found', `No inbound route ${id}`);
}

export async function listRoutes(deps: MailDeps, tenantId: string, page: { limit: number; offset: number }) {
  return pageOf(page, deps.inboundRoutes.list(tenantId, page), deps.inboundRoutes.count(tenantId), routeView);
}
