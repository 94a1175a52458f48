import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';

export { SpanKind, type Attributes, type Span };

// A proxy until `startTelemetry` registers the SDK's provider; while tracing is off, the API's no-op serves.
const tracer = trace.getTracer('mailplane');

type Carrier = Record<string, unknown>;

/** What a span is: its kind (default internal) and its first attributes (ids only: never a body, a key or an address). */
export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
}

/** Adds the active trace context (`traceparent`, `tracestate`) to outgoing headers; nothing while tracing is off. */
export function withTraceHeaders<H extends Carrier>(headers: H): H {
  propagation.inject(context.active(), headers);
  return headers;
}

/** The trace context incoming headers carry; the root (a new trace) when none, never whatever happens to be active. */
export const traceContextOf = (headers: Carrier): Context => propagation.extract(ROOT_CONTEXT, headers);

/** True when the headers carry a trace context (and tracing is on). */
export const carriesTrace = (headers: Carrier): boolean => trace.getSpanContext(traceContextOf(headers)) !== undefined;

/** The name of what failed (an error code or class), never its message: a message may quote an address. */
function errorType(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(code)) return code;
  return err instanceof Error ? err.name : typeof err;
}

/** Marks a span as failed, by the error's type only. */
export function spanFailed(span: Span, err: unknown): void {
  span.setAttribute('error.type', errorType(err));
  span.setStatus({ code: SpanStatusCode.ERROR });
}

function runIn<T>(parent: Context, name: string, options: SpanOptions, fn: (span: Span) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes }, parent, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      spanFailed(span, err);
      throw err;
    } finally {
      span.end();
    }
  });
}

/** Runs `fn` in a new span, a child of the active one; it ends when `fn` settles. */
export const inSpan = <T>(name: string, options: SpanOptions, fn: (span: Span) => Promise<T>): Promise<T> =>
  runIn(context.active(), name, options, fn);

/** Runs `fn` in a new span continuing the trace the headers carry (a consumer's, a server's); none: a new trace. */
export const inSpanFrom = <T>(headers: Carrier, name: string, options: SpanOptions, fn: (span: Span) => Promise<T>): Promise<T> =>
  runIn(traceContextOf(headers), name, options, fn);

/** Adds attributes to the active span, if any (ids only). */
export function annotateSpan(attributes: Attributes): void {
  trace.getActiveSpan()?.setAttributes(attributes);
}

/** Renames the active span, once what it serves is known (an RPC's operation). */
export function nameSpan(name: string): void {
  trace.getActiveSpan()?.updateName(name);
}

/** Runs `fn` in a child span only within a trace (a request's RPC); outside one (a health ping), untraced. */
export const inChildSpan = <T>(name: string, options: SpanOptions, fn: (span?: Span) => Promise<T>): Promise<T> =>
  trace.getActiveSpan() ? runIn(context.active(), name, options, fn) : fn();
