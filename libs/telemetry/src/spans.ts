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

// A proxy until `startTelemetry` registers the SDK; with tracing off nothing here calls the API, not even the no-op tracer.
const tracer = trace.getTracer('mailplane');

type Carrier = Record<string, unknown>;

/** What a span is: its kind (default internal) and its first attributes (ids only: never a body, a key or an address). */
export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
}

/** Adds the active trace context (`traceparent`, `tracestate`) to outgoing headers; nothing while tracing is off. */
export function withTraceHeaders<H extends Carrier>(headers: H): H {
  if (tracing) propagation.inject(context.active(), headers);
  return headers;
}

/** The active span's `traceparent`, to keep with what a later process picks up (a stored message); none while off. */
export function activeTraceparent(): string | undefined {
  if (!tracing) return undefined;
  const carrier: Carrier = {};
  propagation.inject(context.active(), carrier);
  return typeof carrier.traceparent === 'string' ? carrier.traceparent : undefined;
}

/** The trace context incoming headers carry; the root (a new trace) when none, never whatever happens to be active. */
export const traceContextOf = (headers: Carrier): Context => propagation.extract(ROOT_CONTEXT, headers);

export const carriesTrace = (headers: Carrier): boolean => tracing && trace.getSpanContext(traceContextOf(headers)) !== undefined;

/** The name of what failed (an error code or class), never its message: a message may quote an address. */
function errorType(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(code)) return code;
  return err instanceof Error ? err.name : typeof err;
}

export function spanFailed(span: Span, err: unknown): void {
  span.setAttribute('error.type', errorType(err));
  span.setStatus({ code: SpanStatusCode.ERROR });
}

let tracing = false;

/** Called once the SDK is registered: until then every helper here runs its function as is, at no cost. */
export function tracingStarted(): void {
  tracing = true;
}

function runIn<T>(parent: Context, name: string, options: SpanOptions, fn: (span?: Span) => Promise<T>): Promise<T> {
  if (!tracing) return fn();
  return tracer.startActiveSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes }, parent, (span) => {
    const failed = (err: unknown) => {
      spanFailed(span, err);
      span.end();
      throw err;
    };
    let running: Promise<T>;
    try {
      running = fn(span);
    } catch (err) {
      return failed(err);
    }
    return running.then((value) => {
      span.end();
      return value;
    }, failed);
  });
}

export const inSpan = <T>(name: string, options: SpanOptions, fn: (span?: Span) => Promise<T>): Promise<T> =>
  runIn(context.active(), name, options, fn);

/** Runs `fn` in a new span continuing the trace the headers carry (a consumer's, a server's); none: a new trace. */
export const inSpanFrom = <T>(headers: Carrier, name: string, options: SpanOptions, fn: (span?: Span) => Promise<T>): Promise<T> =>
  tracing ? runIn(traceContextOf(headers), name, options, fn) : fn();

/** Adds attributes to the active span, if any (ids only). */
export function annotateSpan(attributes: Attributes): void {
  if (tracing) trace.getActiveSpan()?.setAttributes(attributes);
}

/** Renames the active span, once what it serves is known (an RPC's operation). */
export function nameSpan(name: string): void {
  if (tracing) trace.getActiveSpan()?.updateName(name);
}

/** Runs `fn` in a child span only within a trace (a request's RPC); outside one (a health ping), untraced. */
export const inChildSpan = <T>(name: string, options: SpanOptions, fn: (span?: Span) => Promise<T>): Promise<T> =>
  tracing && trace.getActiveSpan() ? runIn(context.active(), name, options, fn) : fn();
