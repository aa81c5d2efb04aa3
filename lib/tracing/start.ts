import { trace } from "@opentelemetry/api";
import { markTracingOn, tracingOn, setOurTracer } from "./trace";

// Tracing is switched on once per server process (lib/server/serve.ts) when OTEL_EXPORTER_OTLP_*
// names a collector (lib/env); without one nothing here is loaded. Spans leave in batches over
// OTLP/HTTP (JSON), each scrubbed on the way (./exporter.ts).

export type TracingConfig = {
  /** The collector's traces URL (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or the base + /v1/traces). */
  url: string;
  headers: Record<string, string>;
  serviceName: string;
};

type Provider = { shutdown(): Promise<void>; forceFlush(): Promise<void> };
const PROVIDER = Symbol.for("placa-paga.tracing.provider");
type Held = { [PROVIDER]?: Provider };

export async function startTracing(config: TracingConfig): Promise<void> {
  if (tracingOn()) return;
  const [
    { NodeTracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { resourceFromAttributes },
  ] = await Promise.all([
    import("@opentelemetry/sdk-trace-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
  ]);
  const { ScrubbingExporter } = await import("./exporter");
  const exporter = new OTLPTraceExporter({ url: config.url, headers: config.headers });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": config.serviceName }),
    spanProcessors: [new BatchSpanProcessor(new ScrubbingExporter(exporter))],
  });
  // The context manager is global (our spans nest across awaits); the provider is not, so Next and
  // better-auth, which ask the global one, make none: on Node 20 Next's render spans cost more
  // than every span of ours together (docs/tracing.md, "Cost"). No propagator: we send our
  // context nowhere.
  provider.register({ propagator: null });
  trace.disable();
  setOurTracer(provider.getTracer("placa-paga"));
  (globalThis as Held)[PROVIDER] = provider;
  markTracingOn(true);
}

/** Sends what is still buffered; the SIGTERM path calls it last. */
export async function stopTracing(): Promise<void> {
  const provider = (globalThis as Held)[PROVIDER];
  if (!provider) return;
  markTracingOn(false);
  setOurTracer(undefined);
  delete (globalThis as Held)[PROVIDER];
  await provider.shutdown().catch(() => undefined);
}
