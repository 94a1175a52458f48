import type { NextFunction, Request, Response } from 'express';
import type { Operation } from '@mailplane/contracts';
import { inSpanFrom, SpanKind } from '@mailplane/telemetry';

// Probes and scrapes come every few seconds from machines: a trace each would bury the requests.
const UNTRACED = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * A stranger's `traceparent` only parents these spans: nothing is trusted from it. Never the raw path or query, which
 * may hold ids, an unsubscribe token or a tracked link's signature; no header is recorded.
 */
export function traceRequests(req: Request, res: Response, next: NextFunction) {
  if (UNTRACED.has(req.path)) return next();
  void inSpanFrom(req.headers, req.method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method } }, (span) => {
    if (!span) return Promise.resolve(next());
    const answered = new Promise<void>((resolve) =>
      res.once('close', () => {
        const operation = res.locals.operation as Operation | undefined;
        if (operation) span.updateName(`${req.method} ${operation.path}`);
        span.setAttributes({
          'http.response.status_code': res.statusCode,
          'mailplane.request_id': String(res.locals.requestId ?? ''),
          ...(operation ? { 'http.route': operation.path, 'mailplane.operation': operation.operationId } : {}),
          ...tenantOf(res),
        });
        if (res.statusCode >= 500 || !res.writableFinished)
          span.setAttribute('error.type', res.writableFinished ? String(res.statusCode) : 'aborted');
        resolve();
      }),
    );
    next();
    return answered;
  });
}

function tenantOf(res: Response): Record<string, string> {
  const tenantId = (res.locals.principal as { tenantId?: string } | null | undefined)?.tenantId;
  return tenantId ? { 'mailplane.tenant_id': tenantId } : {};
}
