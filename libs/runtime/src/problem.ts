import { AppError, ErrorCodes, problemType, type ErrorCode, type RpcReply } from '@mailplane/contracts';

export const PROBLEM_JSON = 'application/problem+json';

export interface Problem {
  type: string;
  title: string;
  status: number;
  code: ErrorCode;
  detail?: string;
  requestId: string;
  [extra: string]: unknown;
}

// The store's own error for a database it cannot reach (by name: the runtime does not depend on the store).
const isStoreUnavailable = (err: unknown) => (err as Error | null)?.name === 'StoreUnavailableError';

/** The one mapping from a thrown value to an RFC 9457 body: an unreachable store is a 503, any non-AppError a 500. */
export function toProblem(err: unknown, requestId: string): Problem {
  const known = err instanceof AppError ? err : new AppError(isStoreUnavailable(err) ? 'store_unavailable' : 'internal');
  const entry = ErrorCodes[known.code];
  return {
    type: problemType(known.code),
    title: entry.title,
    status: entry.status,
    code: known.code,
    ...(known.detail ? { detail: known.detail } : {}),
    requestId,
    ...(known.extra ?? {}),
  };
}

export function problemReply(err: unknown, requestId: string): RpcReply {
  const body = toProblem(err, requestId);
  const headers = err instanceof AppError && err.headers ? err.headers : undefined;
  return { status: body.status, contentType: PROBLEM_JSON, body, ...(headers ? { headers } : {}) };
}
