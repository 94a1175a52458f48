import type { NextFunction, Request, Response } from 'express';
import type { Operation } from '@mailplane/contracts';
import { counter, histogram, type Logger, type MetricsRegistry } from '@mailplane/runtime';

// Up to the RPC deadline (10 s by default) and a little past it.
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];

/**
 * Named by the contract's operationId (`unmatched` for none), never the raw path, which may hold ids or an
 * unsubscribe token. Headers and bodies are never logged.
 */
export function observeRequests(registry: MetricsRegistry, logger: Logger) {
  const requests = counter(registry, {
    name: 'mailplane_http_requests_total',
    help: 'HTTP requests answered, by operation and status',
    labelNames: ['service', 'operation', 'method', 'status'] as const,
  });
  const duration = histogram(registry, {
    name: 'mailplane_http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by operation',
    labelNames: ['service', 'operation', 'method'] as const,
    buckets: BUCKETS,
  });
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const operation = (res.locals.operation as Operation | undefined)?.operationId ?? 'unmatched';
      const method = req.method;
      const status = res.statusCode;
      requests.inc({ service: 'gateway', operation, method, status: String(status) });
      duration.observe({ service: 'gateway', operation, method }, seconds);
      logger.info('request', {
        requestId: res.locals.requestId,
        operation,
        method,
        status,
        durationMs: Math.round(seconds * 1e4) / 10,
        tenantId: (res.locals.principal as { tenantId?: string } | null | undefined)?.tenantId ?? null,
        ...(res.writableFinished ? {} : { aborted: true }),
      });
    });
    next();
  };
}
