import type { Attributes } from "@opentelemetry/api";
import { SamplingDecision, type Sampler, type SamplingResult } from "@opentelemetry/sdk-trace-node";

// Next makes a span for each step of its own work; the ones below are leaves that say little
// (loading a route's module, about two per request; starting the response; the proxy's run) and
// cost CPU like any other (docs/tracing.md, "Cost"). They are not recorded; the ones that carry
// the route's name, the handler and the render, are. Never a span with children: theirs would
// point at a parent that was not recorded.
const NEXT_LEAVES = new Set([
  "LoadComponents.loadRouteModule",
  "AppRouteRouteModule.loadUserland",
  "RouteModule.prepare",
  "NextNodeServer.startResponse",
  "Middleware.execute",
  "Instrumentation.loadModule",
]);

export class LeafSampler implements Sampler {
  shouldSample(
    _context: unknown,
    _traceId: string,
    _name: string,
    _kind: unknown,
    attributes: Attributes,
  ): SamplingResult {
    const type = attributes["next.span_type"];
    return {
      decision:
        typeof type === "string" && NEXT_LEAVES.has(type)
          ? SamplingDecision.NOT_RECORD
          : SamplingDecision.RECORD_AND_SAMPLED,
    };
  }

  toString(): string {
    return "LeafSampler";
  }
}
