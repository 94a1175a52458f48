import type { Request, Response } from 'express';
import { AppError, type Operation } from '@mailplane/contracts';
import type { GatewayConfig } from '../config';
import type { GatewayDeps } from '../domain/deps';
import { principalFor } from './guard';
import type { LocalHandlers } from './local-handlers';
import { toRpcRequest } from './rpc-request';
import { sendReply } from './send-reply';

/** Guards, checks and routes one operation: to the gateway's own handlers or over RPC to its owning service. */
export function handleOperation(op: Operation, deps: GatewayDeps, config: GatewayConfig, local: LocalHandlers) {
  return async (req: Request, res: Response) => {
    const principal = 'principal' in res.locals ? res.locals.principal : await principalFor(op, req.get('authorization'), deps, config);
    const request = await toRpcRequest(op, req, res.locals.requestId, principal);
    if (op.service !== 'gateway') return sendReply(res, await deps.services.forward(op.service, request, res.locals.place));
    const handler = local[op.operationId];
    if (!handler) throw new AppError('not_implemented');
    sendReply(res, await handler(request));
  };
}
