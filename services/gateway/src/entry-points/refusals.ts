import type { Request, Response } from 'express';
import { AppError, type Operation } from '@mailplane/contracts';
import type { Principal } from '../domain/authenticate';
import type { GatewayDeps } from '../domain/deps';
import { clientAddressOf } from './client-address';

// A known caller refused: a member whose role is short, a key whose permission is.
const REFUSALS = new Set(['forbidden', 'restricted_api_key']);

export const isRefusal = (err: unknown): err is AppError => err instanceof AppError && REFUSALS.has(err.code);

export async function recordRefusal(deps: GatewayDeps, op: Operation, req: Request, res: Response, caller: Principal, err: AppError) {
  const actor = {
    type: caller.type,
    id: caller.id,
    name: caller.name,
    ip: clientAddressOf(res) ?? null,
    userAgent: req.get('user-agent') ?? null,
  };
  await deps.refusedAttempts.record(
    deps,
    caller.tenantId,
    { actor, requestId: res.locals.requestId as string },
    { operationId: op.operationId, target: { type: 'operation', id: op.operationId }, changes: { refused: err.code } },
  );
}
