import { AppError, healthQueueOf, type RawBodyOperationId, type RpcReply, type RpcRequest } from '@mailplane/contracts';
import type { Broker, Subscription } from '@mailplane/broker';
import { annotateSpan, nameSpan } from '@mailplane/telemetry';
import type { Logger } from './logger';
import { problemReply } from './problem';
import { withRequestId } from './request-context';

/** What a served request knows besides its message: how long its caller still waits for the answer. */
export interface ServeContext {
  msLeft(): number;
}

export type OperationHandler<Body = unknown, Answer = unknown, Query = Record<string, unknown>> = (
  request: RpcRequest<Body, Query>,
  context?: ServeContext,
) => Promise<RpcReply<Answer>>;

export type OperationHandlers = { readonly [operationId: string]: OperationHandler<never, unknown, never> };

/** A request body as an operation of the generated contract types declares it: null when it has none. */
export type RequestBodyOf<Op> = Op extends { requestBody?: never }
  ? null
  : Op extends { requestBody: { content: infer C } }
    ? C[keyof C]
    : Op extends { requestBody?: { content: infer C } }
      ? C[keyof C] | null
      : null;

/** An operation's query as declared, with `limit` and `offset` present where it has them (ajv filled the defaults in). */
export type QueryOf<Op> = Op extends { parameters: { query?: infer Q } } ? Paged<NonNullable<Q>> : Record<string, never>;
type Paged<Q> = Omit<Q, 'limit' | 'offset'> &
  ('limit' extends keyof Q ? { limit: number } : unknown) &
  ('offset' extends keyof Q ? { offset: number } : unknown);

type ContentOf<Response> = Response extends { content: infer C } ? C[keyof C] : null;

/** What an operation answers when it succeeds (2xx and 3xx); failures are thrown as `AppError`s. */
export type ResponseBodyOf<Op> = Op extends { responses: infer Rs }
  ? { [S in keyof Rs]: `${S & (string | number)}` extends `2${string}` | `3${string}` ? ContentOf<Rs[S]> : never }[keyof Rs]
  : never;

/** A handler map typed from the contract: none missing or misspelt; bodies as the gateway validated them (`x-raw-body`: null). */
export type HandlersOf<Ops, Unchecked extends keyof Ops = never> = {
  [K in keyof Ops]: OperationHandler<
    K extends RawBodyOperationId ? null : RequestBodyOf<Ops[K]>,
    K extends Unchecked ? unknown : ResponseBodyOf<Ops[K]>,
    QueryOf<Ops[K]>
  >;
};

export const json = <Body>(body: Body, status = 200): RpcReply<Body> => ({ status, contentType: 'application/json', body });
export const noContent = (): RpcReply<null> => ({ status: 204, body: null });

/** The handler of an operation id; call it only with a request of that id, since its body is typed by the key. */
export function handlerOf(handlers: OperationHandlers, operationId: string): OperationHandler | undefined {
  return handlers[operationId] as OperationHandler | undefined;
}

const UNBOUNDED: ServeContext = { msLeft: () => Number.POSITIVE_INFINITY };
const DEFAULT_PREFETCH = 16;

/** Runs one operation and turns whatever it throws into a problem reply; unexpected errors are logged, never echoed. */
export async function runOperation(
  handlers: OperationHandlers,
  request: RpcRequest,
  logger: Logger,
  context: ServeContext = UNBOUNDED,
): Promise<RpcReply> {
  const handler = handlerOf(handlers, request.operationId);
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

/** Serves the service's share of the API over RPC; a request past its deadline when taken up is refused as busy, unacted on. */
export async function serveOperations(
  broker: Broker,
  queue: string,
  handlers: OperationHandlers,
  deps: { logger: Logger; prefetch?: number },
): Promise<Subscription> {
  // Gateways older than the health queue ping on the main queue.
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
      nameSpan(`serve ${request.operationId}`);
      annotateSpan({
        'rpc.method': request.operationId,
        'mailplane.request_id': request.requestId,
        ...(request.tenantId ? { 'mailplane.tenant_id': request.tenantId } : {}),
      });
      return withRequestId(request.requestId, async () => {
        const started = Date.now();
        const reply = await runOperation(all, request, deps.logger, context);
        annotateSpan({ 'mailplane.reply.status': reply.status });
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
