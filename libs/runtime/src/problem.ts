import { AppError, ErrorCodes, problemType, type RpcReply } from '@mailplane/contracts';

export const PROBLEM_JSON = 'application/problem+json';

export interface Problem {
  type: string;
  title: string;
  status: number;
  code: string;
  detail?: string;
  requestId: string;
  [extra: string]: unknown;
}

/** The one mapping from a thrown value to an RFC 9457 body; anything not an AppError is an opaque 500. */
export function toProblem(err: unknown, requestId: string): Problem {
  const known = err instanceof AppError ? err : new AppError('internal');
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
