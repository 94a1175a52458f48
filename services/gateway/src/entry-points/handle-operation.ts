import type { Request, Response } from 'express';
import { AppError, type Operation } from '@mailplane/contracts';
import { handlerOf } from '@mailplane/runtime';
import type { Principal } from '../domain/authenticate';
import type { GatewayDeps } from '../domain/deps';
import { clientAddressOf } from './client-address';
import type { LocalHandlers } from './rpc';
import { isRefusal, recordRefusal } from './refusals';
import { toRpcRequest } from './rpc-request';
import { sendReply } from './send-reply';

export function handleOperation(op: Operation, deps: GatewayDeps, local: LocalHandlers) {
  return async (req: Request, res: Response) => {
    const caller = res.locals.principal as Principal | null;
    try {
      const request = await toRpcRequest(op, req, res.locals.requestId, caller, clientAddressOf(res));
      if (op.service !== 'gateway') return sendReply(res, await deps.services.forward(op.service, request, res.locals.place));
      const handler = handlerOf(local, op.operationId);
      if (!handler) throw new AppError('not_implemented');
      sendReply(res, await handler(request));
    } catch (err) {
      // A refusal in the gateway's own handlers (a role short of a member change) is recorded as authentication's are.
      if (caller && isRefusal(err)) await recordRefusal(deps, op, req, res, caller, err);
      throw err;
    }
  };
}
