import { AppError, healthQueueOf, type RpcReply, type RpcRequest } from '@mailplane/contracts';
import type { Broker, Subscription } from '@mailplane/broker';
import type { Logger } from './logger';
import { problemReply } from './problem';
import { withRequestId } from './request-context';

/** What a served request knows besides its message: how long its caller still waits for the answer. */
export interface ServeContext {
  msLeft(): number;
}

export type OperationHandler = (request: RpcRequest, context?: ServeContext) => Promise<RpcReply>;
export type OperationHandlers = Record<string, OperationHandler>;

export const json = (body: unknown, status = 200): RpcReply => ({ status, contentType: 'application/json', body });
export const noContent = (): RpcReply => ({ status: 204, body: null });

const UNBOUNDED: ServeContext = { msLeft: () => Number.POSITIVE_INFINITY };
const DEFAULT_PREFETCH = 16;

/** Runs one operation and turns whatever it throws into a problem reply; unexpected errors are logged, never echoed. */
export async function runOperation(
  handlers: OperationHandlers,
  request: RpcRequest,
  logger: Logger,
  context: ServeContext = UNBOUNDED,
): Promise<RpcReply> {
  const handler = handlers[request.operationId];
  try {
    if (!handler) throw new AppError('not_implemented', `${request.operationId} is not available yet`);
    return await handler(request, context);
  } catch (err) {
    if (!(err instanceof AppError)) {
      logger.error('operation failed', { operationId: request.operationId, requestId: request.requestId, err });
    }
    return problemReply(err, request.requestId);
  }
}

/**
 * Serves a service's share of the HTTP API over broker RPC, at most `prefetch` requests at a time. A request
 * whose deadline passed before it was taken up is refused as busy without acting on it: its caller stopped
 * waiting, and acting late would surprise it. Handlers get the time left, to begin nothing durable after it.
 * Pings are served on a queue of their own, so a health check never waits behind the requests.
 */
export async function serveOperations(
  broker: Broker,
  queue: string,
  handlers: OperationHandlers,
  deps: { logger: Logger; prefetch?: number },
): Promise<Subscription> {
  // Still answered on the main queue for gateways from before the health queue.
  const all: OperationHandlers = { ping: async () => json({ status: 'up' }), ...handlers };
  const operations = await broker.serve(
    queue,
    async (payload, meta) => {
      const request = payload as RpcRequest;
      const context = { msLeft: () => meta.deadline - Date.now() };
      if (context.msLeft() <= 0) {
        deps.logger.warn('rpc request expired before it was served', { operationId: request.operationId, requestId: request.requestId });
        return problemReply(tooLate(), request.requestId);
      }
      return withRequestId(request.requestId, async () => {
        const started = Date.now();
        const reply = await runOperation(all, request, deps.logger, context);
        if (request.operationId !== 'ping')
          deps.logger.debug('rpc served', { operationId: request.operationId, status: reply.status, durationMs: Date.now() - started });
        return reply;
      });
    },
    { prefetch: deps.prefetch ?? DEFAULT_PREFETCH },
  );
  const health = await broker.serve(healthQueueOf(queue), async () => json({ status: 'up' }), { prefetch: 4 });
  return {
    async cancel() {
      await operations.cancel();
      await health.cancel();
    },
  };
}

const tooLate = () =>
  new AppError('service_busy', 'The request waited too long to be served; nothing was done.', { headers: { 'Retry-After': '1' } });
