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
  /** Exports what is still buffered, then stops exporting. */
  stop(): Promise<void>;
}

const OFF: Telemetry = { stop: async () => undefined };

/**
 * Registers the OpenTelemetry SDK for this process: spans batched to an OTLP/HTTP collector, W3C trace context
 * (not baggage: strangers' baggage would ride every message and webhook) as the propagator. Without a config the
 * SDK is never loaded, and the API's no-op tracer and propagator serve every span and header at no cost.
 */
export async function startTelemetry(config: TelemetryConfig | undefined, defaultServiceName: string): Promise<Telemetry> {
  if (!config) return OFF;
  const [{ NodeTracerProvider, BatchSpanProcessor }, { resourceFromAttributes }, { W3CTraceContextPropagator }, { OTLPTraceExporter }] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/core'),
      config.protocol === 'http/json'
        ? import('@opentelemetry/exporter-trace-otlp-http')
        : import('@opentelemetry/exporter-trace-otlp-proto'),
    ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName ?? defaultServiceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: config.tracesUrl }))],
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  tracingStarted();
  // A collector away at the end costs the last spans, never the process's stop.
  return { stop: () => provider.shutdown().catch(() => undefined) };
}
