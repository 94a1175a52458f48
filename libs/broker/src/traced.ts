import type { Envelope } from '@mailplane/contracts';
import { carriesTrace, inChildSpan, inSpanFrom, SpanKind } from '@mailplane/telemetry';
import type { Outcome } from './port';

// Both adapters' spans: the trace context rides each message's headers, so one send is one trace in either mode.
const messaging = (queue: string, operation: string) => ({
  'messaging.system': 'rabbitmq',
  'messaging.destination.name': queue,
  'messaging.operation.type': operation,
});

/** A work item or event handled in a child of its sender's span (a new trace if untraced); no step added while tracing is off. */
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

export const requestSpan = <T>(queue: string, send: () => Promise<T>): Promise<T> =>
  inChildSpan(`request ${queue}`, { kind: SpanKind.CLIENT, attributes: messaging(queue, 'send') }, send);
