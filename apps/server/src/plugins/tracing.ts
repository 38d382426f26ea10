import type { FastifyInstance } from 'fastify';

/** Where spans go: an OTLP/HTTP collector (OTEL_EXPORTER_OTLP_ENDPOINT, e.g. http://collector:4318). */
export interface TracingOptions {
  endpoint: string;
}

/**
 * OpenTelemetry traces of every request (@fastify/otel: the handler and each hook as spans),
 * sent in batches to the collector's /v1/traces. Registered before any route so every route
 * is instrumented; the service name comes from OTEL_SERVICE_NAME. Loaded only when configured:
 * an instance without a collector carries none of it.
 */
export async function registerTracing(app: FastifyInstance, options: TracingOptions): Promise<void> {
  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { FastifyOtelInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@fastify/otel'),
    ]);
  const exporter = new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new NodeTracerProvider({ spanProcessors: [new BatchSpanProcessor(exporter)] });
  const instrumentation = new FastifyOtelInstrumentation();
  instrumentation.setTracerProvider(provider);
  await app.register(instrumentation.plugin());
  // Spans still buffered are sent before the process ends.
  app.addHook('onClose', async () => provider.shutdown());
}
