import type { Response } from 'express';
import { AppError, type Operation, type RpcReply } from '@mailplane/contracts';
import { toProblem, PROBLEM_JSON } from '@mailplane/runtime';

export function sendReply(res: Response, reply: RpcReply) {
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  res.status(reply.status);
  if (reply.status === 204 || reply.body === null || reply.body === undefined) {
    res.end();
    return;
  }
  const contentType = reply.contentType ?? 'application/json';
  res.type(contentType);
  if (reply.bodyEncoding === 'base64') res.send(Buffer.from(String(reply.body), 'base64'));
  else res.send(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
}

/** Errors as problem+json, except on the two inbound webhooks whose callers get text/plain by contract. */
export function sendProblem(res: Response, err: unknown) {
  const problem = toProblem(err, res.locals.requestId ?? 'unknown');
  const headers = err instanceof AppError ? err.headers : undefined;
  if ((res.locals.operation as Operation | undefined)?.rawBody) {
    sendReply(res, { status: problem.status, contentType: 'text/plain', body: problem.title, headers });
    return;
  }
  sendReply(res, { status: problem.status, contentType: PROBLEM_JSON, body: problem, headers });
}
