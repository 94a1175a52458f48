import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { AppError, type Operation } from '@mailplane/contracts';
import type { GatewayConfig } from '../config';
import type { GatewayDeps } from '../domain/deps';
import { principalFor } from './guard';

const expectsContinue = (req: Request) => /^100-continue$/i.test(req.get('expect') ?? '');

/**
 * What the headers alone decide, before a byte of the body is read: whether the owning service has room for one
 * more request (503 `service_busy`), who calls (401), whether the announced body is too large (413). The
 * principal and the place in line are left in `res.locals` for the handler. A refusal closes the connection, so
 * an unread body is never waited for; a request that passes gets its `100 Continue` only now.
 */
export function beforeBody(op: Operation, deps: GatewayDeps, config: GatewayConfig) {
  const limit = Math.min(op.maxBodyBytes, config.bodyLimitBytes);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      // A full line is refused first: the cheapest answer, and it tells an unauthenticated caller nothing.
      if (op.service !== 'gateway') {
        const place = deps.services.admit(op.service);
        res.locals.place = place;
        res.once('close', place.leave);
      }
      res.locals.principal = await principalFor(op, req.get('authorization'), deps, config);
      if (Number(req.get('content-length')) > limit) {
        throw new AppError('payload_too_large', `The request body may be at most ${limit} bytes.`);
      }
    } catch (err) {
      if (!req.complete) res.setHeader('Connection', 'close');
      return next(err);
    }
    if (expectsContinue(req)) res.writeContinue();
    next();
  };
}

/** Node answers `Expect: 100-continue` itself unless someone listens for it; we let `beforeBody` decide instead. */
export function continueAfterChecks(server: Server) {
  return (req: IncomingMessage, res: ServerResponse) => server.emit('request', req, res);
}
