import type { Response } from 'express';
import type { RpcReply } from '@mailplane/contracts';
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
  res.send(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
}

export function sendProblem(res: Response, err: unknown) {
  const problem = toProblem(err, res.locals.requestId ?? 'unknown');
  sendReply(res, { status: problem.status, contentType: PROBLEM_JSON, body: problem, headers: (err as { headers?: Record<string, string> }).headers });
}
