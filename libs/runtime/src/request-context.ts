import { AsyncLocalStorage } from 'node:async_hooks';

/** The broker header that carries the request id from the edge to the last retry (RPC, work items, events). */
export const REQUEST_ID_HEADER = 'x-request-id';

const context = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `fn` on behalf of a request: every log line written meanwhile carries its id. No id: runs as is. */
export function withRequestId<T>(requestId: string | undefined | null, fn: () => T): T {
  return requestId ? context.run({ requestId }, fn) : fn();
}

export const currentRequestId = (): string | undefined => context.getStore()?.requestId;

export const requestIdHeaders = (requestId: string | undefined | null): Record<string, string> =>
  requestId ? { [REQUEST_ID_HEADER]: requestId } : {};
