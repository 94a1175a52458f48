import type { NextFunction, Request, Response } from 'express';
import { newId, withRequestId } from '@mailplane/runtime';

const SAFE = /^[A-Za-z0-9._:-]{1,64}$/;

/** Keeps a caller's X-Request-Id when it is safe to echo, otherwise mints one. */
export function requestId(req: Request, res: Response, next: NextFunction) {
  const given = req.get('x-request-id');
  const id = given && SAFE.test(given) ? given : newId('req');
  res.locals.requestId = id;
  res.setHeader('X-Request-Id', id);
  withRequestId(id, next);
}
