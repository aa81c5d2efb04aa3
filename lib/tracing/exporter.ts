import type { ReadableSpan, SpanExporter } from "@opentelemetry/sdk-trace-node";
import { scrubAttributes, scrubSpanName, scrubStack } from "./scrub";

// Every span passes ./scrub.ts on its way out, whoever made it (Next's, better-auth's, ours).

function scrubbed(span: ReadableSpan): ReadableSpan {
  return {
    name: scrubSpanName(span.name),
    kind: span.kind,
    spanContext: () => span.spanContext(),
    parentSpanContext: span.parentSpanContext,
    startTime: span.startTime,
    endTime: span.endTime,
    status: span.status.message
      ? { ...span.status, message: scrubSpanName(span.status.message) }
      : span.status,
    attributes: scrubAttributes(span.attributes),
    links: span.links.map((link) => ({
      ...link,
      attributes: link.attributes && scrubAttributes(link.attributes),
    })),
    events: span.events.map((event) => {
      const attributes = event.attributes && scrubAttributes(event.attributes);
      const stack = event.attributes?.["exception.stacktrace"];
      if (attributes && typeof stack === "string")
        attributes["exception.stacktrace"] = scrubStack(stack);
      return { ...event, attributes };
    }),
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationScope: span.instrumentationScope,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}

export class ScrubbingExporter implements SpanExporter {
  constructor(private readonly inner: SpanExporter) {}

  export(spans: ReadableSpan[], done: Parameters<SpanExporter["export"]>[1]): void {
    this.inner.export(spans.map(scrubbed), done);
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}
