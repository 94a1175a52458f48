import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { AppError, type Operation } from '@mailplane/contracts';
import { clientKey } from '@mailplane/edge';
import type { GatewayConfig } from '../config';
import type { Principal } from '../domain/authenticate';
import type { GatewayDeps } from '../domain/deps';
import { createShares, isStrangers, OPERATOR, PUBLIC, SIGN_IN, type Holder } from '../domain/shares';
import { clientAddressOf } from './client-address';
import { principalFor, refusedCaller } from './guard';
import { isRefusal, recordRefusal } from './refusals';
import { BODY_READ, hasBody } from './read-body';

const expectsContinue = (req: Request) => /^100-continue$/i.test(req.get('expect') ?? '');

/** Bodies received at once per holder, and within the strangers' and sign-in budgets a few per client address. */
export function bodyReads(config: GatewayConfig) {
  const { readsPublic, readsSignIn, readsPerTenant, readsPerSource } = config.body;
  const byHolder = createShares((holder) => (holder === PUBLIC ? readsPublic : holder === SIGN_IN ? readsSignIn : readsPerTenant));
  const bySource = createShares(() => readsPerSource);
  return {
    /** Null when a budget is used up; the function returned gives the body back. */
    take(holder: Holder, source: string | undefined): (() => void) | null {
      const own = isStrangers(holder) ? bySource.take(`${holder} ${clientKey(source ?? 'unknown')}`) : () => undefined;
      const shared = own && byHolder.take(holder);
      if (!own || !shared) return (own?.(), null);
      return () => (shared(), own());
    },
  };
}
export type BodyReads = ReturnType<typeof bodyReads>;

/** The sign-in share is the gateway's own public POSTs (sign-in, mailed links, invitations). */
function holderOf(op: Operation, principal: Principal | null): Holder {
  if (principal) return principal.tenantId;
  if (op.security === 'admin') return OPERATOR;
  return op.service === 'gateway' && op.method === 'post' ? SIGN_IN : PUBLIC;
}

/** Decided before a byte of the body is read; a refusal closes the connection, so an unread body is never waited for. */
export function beforeBody(op: Operation, deps: GatewayDeps, config: GatewayConfig, reads: BodyReads) {
  const limit = Math.min(op.maxBodyBytes, config.bodyLimitBytes);
  const service = op.service === 'gateway' ? null : op.service;
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      // A full line is refused first: the cheapest answer, and it tells an unauthenticated caller nothing.
      if (service) deps.services.checkRoom(service);
      const client = clientAddressOf(res);
      const principal = await principalFor(op, req, client, deps, config);
      const holder = holderOf(op, principal);
      res.locals.principal = principal;
      res.locals.holder = holder;
      if (service) deps.services.checkRoom(service, holder, client);
      if (Number(req.get('content-length')) > limit) {
        throw new AppError('payload_too_large', `The request body may be at most ${limit} bytes.`);
      }
      if (hasBody(req)) {
        refuseEncoded(req);
        const read = reads.take(holder, client);
        if (!read) throw tooManyBodies();
        res.locals[BODY_READ] = read;
        res.once('close', read);
      }
    } catch (err) {
      if (!req.complete) res.setHeader('Connection', 'close');
      const caller = isRefusal(err) ? await refusedCaller(req, deps) : null;
      if (caller) await recordRefusal(deps, op, req, res, caller, err as AppError);
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

/** Taken once the body has arrived but before parsing, so a request refused now costs no parsing. */
export function placeInLine(op: Operation, deps: GatewayDeps) {
  const service = op.service === 'gateway' ? null : op.service;
  return (_req: Request, res: Response, next: NextFunction) => {
    if (!service) return next();
    const place = deps.services.admit(service, res.locals.holder, clientAddressOf(res));
    res.locals.place = place;
    res.once('close', place.leave);
    next();
  };
}

/** Node answers `Expect: 100-continue` itself unless something listens for it; this leaves it to `beforeBody`. */
export function continueAfterChecks(server: Server) {
  return (req: IncomingMessage, res: ServerResponse) => server.emit('request', req, res);
}
