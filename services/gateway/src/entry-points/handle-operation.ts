import type { Request, Response } from 'express';
import { AppError, type Operation } from '@mailplane/contracts';
import { handlerOf } from '@mailplane/runtime';
import type { Principal } from '../domain/authenticate';
import type { GatewayDeps } from '../domain/deps';
import { clientAddressOf } from './client-address';
import type { LocalHandlers } from './local-handlers';
import { toRpcRequest } from './rpc-request';
import { sendReply } from './send-reply';

/** Checks and routes one operation, once `beforeBody` let it in: to the gateway's own handlers or over RPC to its owner. */
export function handleOperation(op: Operation, deps: GatewayDeps, local: LocalHandlers) {
  return async (req: Request, res: Response) => {
    const request = await toRpcRequest(op, req, res.locals.requestId, res.locals.principal as Principal | null, clientAddressOf(res));
    if (op.service !== 'gateway') return sendReply(res, await deps.services.forward(op.service, request, res.locals.place));
    const handler = handlerOf(local, op.operationId);
    if (!handler) throw new AppError('not_implemented');
    sendReply(res, await handler(request));
  };
}
