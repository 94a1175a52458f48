import express, { type NextFunction, type Request, type Response } from 'express';
import { AppError, operations } from '@mailplane/contracts';
import type { GatewayConfig } from '../config';
import type { GatewayDeps } from '../domain/deps';
import { beforeBody } from './before-body';
import { handleOperation } from './handle-operation';
import { localHandlers } from './local-handlers';
import { requestId } from './request-id';
import { sendProblem } from './send-reply';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One route per operation of the contract; anything else is a 404 or a 405 with `Allow`. */
export function createApp(deps: GatewayDeps, config: GatewayConfig) {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(requestId);
  const local = localHandlers(deps);
  for (const op of operations) {
    const rawBody = express.raw({ type: () => true, limit: Math.min(op.maxBodyBytes, config.bodyLimitBytes) });
    const remember = (_req: Request, res: Response, next: NextFunction) => {
      res.locals.operation = op;
      next();
    };
    app[op.method as Method](op.expressPath, remember, beforeBody(op, deps, config), rawBody, handleOperation(op, deps, config, local));
  }
  app.use((req: Request, res: Response, next: NextFunction) => {
    const allowed = operations.filter((op) => pathMatches(op.expressPath, req.path)).map((op) => op.method.toUpperCase());
    if (allowed.length === 0) return next(new AppError('route_not_found', `No route ${req.method} ${req.path}`));
    res.setHeader('Allow', [...new Set(allowed)].join(', '));
    next(new AppError('method_not_allowed', `${req.method} is not allowed on ${req.path}`));
  });
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const mapped = fromExpressError(err);
    if (!(mapped instanceof AppError)) deps.logger.error('request failed', { requestId: res.locals.requestId, err: mapped });
    sendProblem(res, mapped);
  });
  return app;
}

function pathMatches(template: string, path: string): boolean {
  const pattern = template.replace(/:[A-Za-z]+/g, '[^/]+');
  return new RegExp(`^${pattern}/?$`).test(path);
}

// body-parser signals its failures with a `type`; turn them into our codes.
function fromExpressError(err: unknown): unknown {
  const type = (err as { type?: string } | null)?.type;
  if (type === 'entity.too.large') return new AppError('payload_too_large', 'The request body is too large.');
  if (type === 'request.aborted' || type === 'request.size.invalid')
    return new AppError('malformed_request', 'The request body was cut short.');
  if (type === 'encoding.unsupported' || type === 'charset.unsupported')
    return new AppError('unsupported_media_type', 'Unsupported body encoding.');
  return err;
}
