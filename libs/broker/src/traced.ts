import type { Envelope } from '@mailplane/contracts';
import { carriesTrace, inChildSpan, inSpanFrom, SpanKind } from '@mailplane/telemetry';
import type { Outcome } from './port';

/**
 * The spans both adapters make, so one send is one trace in either mode: the trace context rides every message's
 * headers (`traceparent`, `tracestate`, put there by `withTraceHeaders` when sent) and each consumer continues it.
 */
const messaging = (queue: string, operation: string) => ({
  'messaging.system': 'rabbitmq',
  'messaging.destination.name': queue,
  'messaging.operation.type': operation,
});

/**
 * A work item or event being handled: a child of whoever sent it (a new trace if nobody traced it: a sweep). Resolves
 * to what the handler resolved to, unchecked (the adapter checks it), with no step added while tracing is off.
 */
export const consumeSpan = (queue: string, envelope: Envelope, headers: Record<string, unknown>, handle: () => Promise<Outcome>) =>
  inSpanFrom(
    headers,
    `process ${queue}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        ...messaging(queue, 'process'),
        'messaging.message.id': envelope.id,
        'mailplane.message.type': envelope.type,
        ...(envelope.tenantId ? { 'mailplane.tenant_id': envelope.tenantId } : {}),
      },
    },
    (span) =>
      handle().then((outcome) => {
        const kind = (outcome as Outcome | undefined)?.kind;
        if (typeof kind === 'string') span?.setAttribute('mailplane.outcome', kind);
        return outcome;
      }),
  );

/** An RPC request being served, traced only when its caller traced it: a health ping starts no trace. */
export const serveSpan = <T>(queue: string, headers: Record<string, unknown>, serve: () => Promise<T>): Promise<T> =>
  carriesTrace(headers)
    ? inSpanFrom(headers, `serve ${queue}`, { kind: SpanKind.SERVER, attributes: messaging(queue, 'process') }, serve)
    : serve();

/** An RPC request on its way, within the caller's trace (none: untraced). */
export const requestSpan = <T>(queue: string, send: () => Promise<T>): Promise<T> =>
  inChildSpan(`request ${queue}`, { kind: SpanKind.CLIENT, attributes: messaging(queue, 'send') }, send);
