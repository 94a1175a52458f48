import express, { type NextFunction, type Request, type Response } from 'express';
import { AppError, type Operation } from '@mailplane/contracts';
import type { MetricsRegistry } from '@mailplane/runtime';
import type { GatewayConfig } from '../config';
import type { GatewayDeps } from '../domain/deps';
import { beforeBody, bodyReads, placeInLine } from './before-body';
import { clientAddress } from './client-address';
import { docsReplies } from './docs-page';
import { handleOperation } from './handle-operation';
import { localHandlers } from './rpc';
import { observeRequests } from './observe-request';
import { readBody } from './read-body';
import { requestId } from './request-id';
import { traceRequests } from './trace-request';
import { allowedMethods, decodes, operationsAt, operationsOf, type Surface } from './routes';
import { sendProblem } from './send-reply';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export function createApp(deps: GatewayDeps, config: GatewayConfig, metrics: MetricsRegistry, surface: Surface = 'all') {
  const app = express();
  const served = operationsOf(surface);
  app.disable('x-powered-by');
  app.set('etag', false);
  // The document's paths are exact: `/api-keys/` or `/API-KEYS` is no operation of it.
  app.set('strict routing', true);
  app.set('case sensitive routing', true);
  // req.ip: the client as the trusted load balancer names it (the last X-Forwarded-For hop it added), else the peer.
  app.set('trust proxy', config.trustedProxies.length > 0 ? [...config.trustedProxies] : false);
  app.use(requestId);
  app.use(traceRequests);
  app.use(clientAddress(config.dashboardHopSecret));
  app.use(observeRequests(metrics, deps.logger));
  app.use(refuseUndecodablePath(served));
  const local = localHandlers(deps, docsReplies(config.publicUrl), metrics);
  const reads = bodyReads(config);
  for (const op of served) {
    const remember = (_req: Request, res: Response, next: NextFunction) => {
      res.locals.operation = op;
      next();
    };
    app[op.method as Method](
      op.expressPath,
      remember,
      beforeBody(op, deps, config, reads),
      readBody(op, config.body, config.bodyLimitBytes),
      placeInLine(op, deps),
      handleOperation(op, deps, local),
    );
  }
  app.use((req: Request, res: Response, next: NextFunction) => next(routingError(req, res, served)));
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (!(err instanceof AppError)) deps.logger.error('request failed', { requestId: res.locals.requestId, err });
    sendProblem(res, err);
  });
  return app;
}

function routingError(req: Request, res: Response, served: readonly Operation[]): AppError {
  const ops = operationsAt(req.path, served);
  if (ops.length === 0) return new AppError('route_not_found', `No route ${req.method} ${req.path}`);
  res.setHeader('Allow', allowedMethods(ops));
  return new AppError('method_not_allowed', `${req.method} is not allowed on ${req.path}`);
}

// The router would throw a URIError (a 500) decoding a path parameter such as `%` or `%E0%A4%A`.
function refuseUndecodablePath(served: readonly Operation[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (decodes(req.path)) return next();
    const method = req.method === 'HEAD' ? 'get' : req.method.toLowerCase();
    const op = operationsAt(req.path, served).find((o) => o.method === method);
    if (!op) return next(routingError(req, res, served));
    const errors = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
      path: `/params/${m[1]}`,
      message: 'is not valid percent-encoded UTF-8',
    }));
    next(new AppError('validation_failed', 'The path is not valid percent-encoded UTF-8.', { extra: { errors } }));
  };
}
