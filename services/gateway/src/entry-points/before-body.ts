import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { AppError, type Operation } from '@mailplane/contracts';
import type { GatewayConfig } from '../config';
import type { Principal } from '../domain/authenticate';
import type { GatewayDeps } from '../domain/deps';
import { createShares, OPERATOR, PUBLIC, type Holder, type Shares } from '../domain/shares';
import { principalFor } from './guard';
import { BODY_READ, hasBody } from './read-body';

const expectsContinue = (req: Request) => /^100-continue$/i.test(req.get('expect') ?? '');

/** Bodies being received at once, per caller: a small budget for everyone without credentials, one per tenant. */
export function bodyReads(config: GatewayConfig): Shares {
  return createShares((holder) => (holder === PUBLIC ? config.body.readsPublic : config.body.readsPerTenant));
}

/** Whose share a request counts against: its tenant's, the operator's, or the public's (no credentials). */
function holderOf(op: Operation, principal: Principal | null): Holder {
  if (principal) return principal.tenantId;
  return op.security === 'admin' ? OPERATOR : PUBLIC;
}

/**
 * What the headers alone decide, before a byte of the body is read: whether the owning service's line has room
 * (503 `service_busy`), who calls (401), whether the announced body is too large (413) or encoded (415), whether
 * the caller's line share and its budget of bodies being received have room (503). The principal, whose share the
 * request counts against, and the body budget taken are left in `res.locals`. A refusal closes the connection, so
 * an unread body is never waited for; a request that passes gets its `100 Continue` only now.
 */
export function beforeBody(op: Operation, deps: GatewayDeps, config: GatewayConfig, reads: Shares) {
  const limit = Math.min(op.maxBodyBytes, config.bodyLimitBytes);
  const service = op.service === 'gateway' ? null : op.service;
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      // A full line is refused first: the cheapest answer, and it tells an unauthenticated caller nothing.
      if (service) deps.services.checkRoom(service);
      const principal = await principalFor(op, req, deps, config);
      const holder = holderOf(op, principal);
      res.locals.principal = principal;
      res.locals.holder = holder;
      if (service) deps.services.checkRoom(service, holder);
      if (Number(req.get('content-length')) > limit) {
        throw new AppError('payload_too_large', `The request body may be at most ${limit} bytes.`);
      }
      if (hasBody(req)) {
        refuseEncoded(req);
        const read = reads.take(holder);
        if (!read) throw tooManyBodies();
        res.locals[BODY_READ] = read;
        res.once('close', read);
      }
    } catch (err) {
      if (!req.complete) res.setHeader('Connection', 'close');
      return next(err);
    }
    if (expectsContinue(req)) res.writeContinue();
    next();
  };
}

// Bodies are taken as sent (no inflation): nothing to bomb, and a hub's signature stays over the bytes sent.
function refuseEncoded(req: Request) {
  const encoding = (req.get('content-encoding') ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity') {
    throw new AppError('unsupported_media_type', 'Send the body without a Content-Encoding (identity).', {
      headers: { 'Accept-Encoding': 'identity' },
    });
  }
}

const tooManyBodies = () =>
  new AppError('service_busy', 'Too many of your requests are still sending their bodies; nothing was done.', {
    headers: { 'Retry-After': '1' },
  });

/**
 * Takes the request's place in its service's line once its body has arrived, before it is parsed: a request refused
 * now (the line filled while its body came) costs no parsing. The place is given up when the answer is out.
 */
export function placeInLine(op: Operation, deps: GatewayDeps) {
  const service = op.service === 'gateway' ? null : op.service;
  return (_req: Request, res: Response, next: NextFunction) => {
    if (!service) return next();
    const place = deps.services.admit(service, res.locals.holder);
    res.locals.place = place;
    res.once('close', place.leave);
    next();
  };
}

/** Node answers `Expect: 100-continue` itself unless someone listens for it; we let `beforeBody` decide instead. */
export function continueAfterChecks(server: Server) {
  return (req: IncomingMessage, res: ServerResponse) => server.emit('request', req, res);
}
