import { AppError, type RpcReply, type RpcRequest } from '@mailplane/contracts';
import type { Broker, Subscription } from '@mailplane/broker';
import type { Logger } from './logger';
import { problemReply } from './problem';

export type OperationHandler = (request: RpcRequest) => Promise<RpcReply>;
export type OperationHandlers = Record<string, OperationHandler>;

export const json = (body: unknown, status = 200): RpcReply => ({ status, contentType: 'application/json', body });
export const noContent = (): RpcReply => ({ status: 204, body: null });

/** Runs one operation and turns whatever it throws into a problem reply; unexpected errors are logged, never echoed. */
export async function runOperation(handlers: OperationHandlers, request: RpcRequest, logger: Logger): Promise<RpcReply> {
  const handler = handlers[request.operationId];
  try {
    if (!handler) throw new AppError('not_implemented', `${request.operationId} is not available yet`);
    return await handler(request);
  } catch (err) {
    if (!(err instanceof AppError)) {
      logger.error('operation failed', { operationId: request.operationId, requestId: request.requestId, err });
    }
    return problemReply(err, request.requestId);
  }
}

/**
 * Serves a service's share of the HTTP API over broker RPC. Requests whose deadline passed are dropped
 * unanswered: the gateway already gave up on them, and acting late would surprise the caller.
 */
export function serveOperations(
  broker: Broker,
  queue: string,
  handlers: OperationHandlers,
  deps: { logger: Logger; prefetch?: number },
): Promise<Subscription> {
  const all: OperationHandlers = { ping: async () => json({ status: 'up' }), ...handlers };
  return broker.serve(
    queue,
    async (payload, meta) => {
      const request = payload as RpcRequest;
      if (Date.now() > meta.deadline) {
        deps.logger.warn('rpc request expired before it was served', { operationId: request.operationId, requestId: request.requestId });
        return problemReply(new AppError('service_timeout'), request.requestId);
      }
      return runOperation(all, request, deps.logger.child({ requestId: request.requestId }));
    },
    { prefetch: deps.prefetch ?? 16 },
  );
}
