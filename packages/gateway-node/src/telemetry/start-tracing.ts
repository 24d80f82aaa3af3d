import { ConfigError, type GatewayConfig } from '@bench/engine';
import { context, type TextMapPropagator, type Tracer } from '@opentelemetry/api';

/** Traces being sent: the tracer the gateway's spans come from, and the flush-and-stop for shutdown. */
export interface Tracing {
  tracer: Tracer;
  /** Reads a caller's trace context (W3C `traceparent`), so that a request's span continues the caller's trace. */
  propagator: TextMapPropagator;
  /** Where spans go (the collector's `/v1/traces`). */
  url: string;
  /** Sends what is buffered, then stops. */
  shutdown(): Promise<void>;
}

/**
 * Where traces go: `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` as it is, else `OTEL_EXPORTER_OTLP_ENDPOINT` or the config's
 * `telemetry.otlp` with `/v1/traces` added (as the OpenTelemetry SDKs read them); undefined when none is set: traces off.
 */
export function tracesURL(config: GatewayConfig, env: NodeJS.ProcessEnv): string | undefined {
  const exact = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (exact) return checkedURL(exact, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  const [base, path] = env.OTEL_EXPORTER_OTLP_ENDPOINT
    ? [env.OTEL_EXPORTER_OTLP_ENDPOINT, 'OTEL_EXPORTER_OTLP_ENDPOINT']
    : [config.telemetry.otlp, 'telemetry.otlp'];
  if (!base) return undefined;
  const checked = checkedURL(base, path);
  return `${checked.replace(/\/+$/, '')}/v1/traces`;
}

/**
 * Starts sending traces when an endpoint is set; otherwise returns undefined, and the OpenTelemetry SDK is never
 * loaded (it is imported here, on demand, so that a gateway without traces pays nothing for it). The tracer is the
 * gateway's own (no global provider is registered, so that gateways in one process, or the embedding app, keep theirs);
 * the context manager is the process's, registered only when none is.
 */
export async function startTracing(config: GatewayConfig, env: NodeJS.ProcessEnv): Promise<Tracing | undefined> {
  const url = tracesURL(config, env);
  if (!url) return undefined;
  const [
    { BasicTracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { resourceFromAttributes },
    { AsyncLocalStorageContextManager },
    { W3CTraceContextPropagator },
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
  ]);
  const manager = new AsyncLocalStorageContextManager().enable();
  if (!context.setGlobalContextManager(manager)) manager.disable(); // the process has one already (the embedding app's, another gateway's)
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || config.telemetry.serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url }))],
  });
  return { tracer: provider.getTracer('@bench/gateway-node'), propagator: new W3CTraceContextPropagator(), url, shutdown: () => provider.shutdown() };
}

function checkedURL(value: string, path: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigError([
      // Not the value itself: a collector's URL may carry credentials.
      { path, message: 'must be an absolute http(s) URL of an OTLP/HTTP collector, e.g. "http://127.0.0.1:4318"; unset it to turn traces off' },
    ]);
  }
  return value;
}
