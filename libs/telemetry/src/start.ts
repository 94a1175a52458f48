import type { SpanExporter } from '@opentelemetry/sdk-trace-node';
import { tracingStarted } from './spans';

/** Where and how spans are exported; none while `OTEL_EXPORTER_OTLP_ENDPOINT` is unset, and then tracing is off. */
export interface TelemetryConfig {
  /** The OTLP/HTTP traces URL: the endpoint joined with `/v1/traces`, as the OpenTelemetry specification says. */
  tracesUrl: string;
  protocol: 'http/protobuf' | 'http/json';
  /** `OTEL_SERVICE_NAME`; unset, each process names itself (`mailplane-mail`, …). */
  serviceName: string | undefined;
}

export interface Telemetry {
  stop(): Promise<void>;
}

const OFF: Telemetry = { stop: async () => undefined };

/** Registers the OpenTelemetry SDK, batching spans to OTLP/HTTP; without a config it is never loaded (see spans.ts). */
export async function startTelemetry(config: TelemetryConfig | undefined, defaultServiceName: string): Promise<Telemetry> {
  if (!config) return OFF;
  const { OTLPTraceExporter } = await (config.protocol === 'http/json'
    ? import('@opentelemetry/exporter-trace-otlp-http')
    : import('@opentelemetry/exporter-trace-otlp-proto'));
  return startExporting(new OTLPTraceExporter({ url: config.tracesUrl }), config.serviceName ?? defaultServiceName);
}

/** The SDK batching to `exporter`, propagating W3C trace context but not baggage: strangers' would ride every message. */
export async function startExporting(exporter: SpanExporter, serviceName: string): Promise<Telemetry> {
  const [{ NodeTracerProvider, BatchSpanProcessor }, { resourceFromAttributes }, { W3CTraceContextPropagator }] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/core'),
  ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  tracingStarted();
  // A collector away at the end costs the last spans, never the process's stop.
  return { stop: () => provider.shutdown().catch(() => undefined) };
}
