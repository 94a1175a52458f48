import express, { type NextFunction, type Request, type Response } from 'express';
import { AppError, operations } from '@mailplane/contracts';
import type { MetricsRegistry } from '@mailplane/runtime';
import type { GatewayConfig } from '../config';
import type { GatewayDeps } from '../domain/deps';
import { beforeBody } from './before-body';
import { docsReplies } from './docs-page';
import { handleOperation } from './handle-operation';
import { localHandlers } from './local-handlers';
import { observeRequests } from './observe-request';
import { requestId } from './request-id';
import { allowedMethods, decodes, operationsAt } from './routes';
import { sendProblem } from './send-reply';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One route per operation of the contract; anything else is a 404 or a 405 with `Allow`. */
export function createApp(deps: GatewayDeps, config: GatewayConfig, metrics: MetricsRegistry) {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // The document's paths are exact: `/api-keys/` or `/API-KEYS` is no operation of it.
  app.set('strict routing', true);
  app.set('case sensitive routing', true);
  app.use(requestId);
  app.use(observeRequests(metrics, deps.logger));
  app.use(refuseUndecodablePath);
  const local = localHandlers(deps, docsReplies(config.publicUrl), metrics);
  for (const op of operations) {
    // Bodies are taken as sent (no inflation): a Content-Encoding other than identity is a 415.
    const rawBody = express.raw({ type: () => true, inflate: false, limit: Math.min(op.maxBodyBytes, config.bodyLimitBytes) });
    const remember = (_req: Request, res: Response, next: NextFunction) => {
      res.locals.operation = op;
      next();
    };
    app[op.method as Method](op.expressPath, remember, beforeBody(op, deps, config), rawBody, handleOperation(op, deps, config, local));
  }
  app.use((req: Request, res: Response, next: NextFunction) => next(routingError(req, res)));
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const mapped = fromExpressError(err);
    if (!(mapped instanceof AppError)) deps.logger.error('request failed', { requestId: res.locals.requestId, err: mapped });
    sendProblem(res, mapped);
  });
  return app;
}

/** No operation takes this method on this path: 405 with `Allow` when the path is known, else 404. */
function routingError(req: Request, res: Response): AppError {
  const ops = operationsAt(req.path);
  if (ops.length === 0) return new AppError('route_not_found', `No route ${req.method} ${req.path}`);
  res.setHeader('Allow', allowedMethods(ops));
  return new AppError('method_not_allowed', `${req.method} is not allowed on ${req.path}`);
}

// The router would throw a URIError (a 500) decoding a path parameter such as `%` or `%E0%A4%A`.
function refuseUndecodablePath(req: Request, res: Response, next: NextFunction) {
  if (decodes(req.path)) return next();
  const method = req.method === 'HEAD' ? 'get' : req.method.toLowerCase();
  const op = operationsAt(req.path).find((o) => o.method === method);
  if (!op) return next(routingError(req, res));
  const errors = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
    path: `/params/${m[1]}`,
    message: 'is not valid percent-encoded UTF-8',
  }));
  next(new AppError('validation_failed', 'The path is not valid percent-encoded UTF-8.', { extra: { errors } }));
}

// body-parser signals its failures with a `type`; turn them into our codes.
function fromExpressError(err: unknown): unknown {
  const type = (err as { type?: string } | null)?.type;
  if (type === 'entity.too.large') return new AppError('payload_too_large', 'The request body is too large.');
  if (type === 'request.aborted' || type === 'request.size.invalid')
    return new AppError('malformed_request', 'The request body was cut short.');
  if (type === 'encoding.unsupported')
    return new AppError('unsupported_media_type', 'Send the body without a Content-Encoding (identity).', {
      headers: { 'Accept-Encoding': 'identity' },
    });
  if (type === 'charset.unsupported') return new AppError('unsupported_media_type', 'Unsupported body charset.');
  return err;
}
