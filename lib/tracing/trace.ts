import {
  context,
  createContextKey,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Link,
  type Span,
  type Tracer,
} from "@opentelemetry/api";

// Spans for our own work, on OpenTelemetry's API. With tracing off (no OTEL_* endpoint: start.ts
// never ran) these helpers run the work directly: no span object, no context switch, so the off
// path costs a flag read. No server-only import: lib/server/serve.ts loads this under plain Node.
// What a span may carry: names of operations and routes, our own row ids, statuses and error
// codes. Never a plate, a document, an e-mail, a name, a card, a key or a URL's query (the
// exporter scrubs what other libraries add: ./scrub.ts).

/** On globalThis: the server's bundle and Next's chunks each load their own copy of this module. */
const ON = Symbol.for("placa-paga.tracing.on");
type Flag = { [ON]?: boolean };

export function tracingOn(): boolean {
  return (globalThis as Flag)[ON] === true;
}

/** Only start.ts sets it, once the provider is registered. */
export function markTracingOn(on: boolean): void {
  (globalThis as Flag)[ON] = on;
}

/**
 * Our tracer, from the provider start.ts made (on globalThis, like the flag). Not the global one:
 * that is left unset, so Next and other libraries make no spans of their own (docs/tracing.md,
 * "Cost").
 */
const TRACER = Symbol.for("placa-paga.tracing.tracer");
type HeldTracer = { [TRACER]?: Tracer };
const tracer = (): Tracer => (globalThis as HeldTracer)[TRACER] ?? trace.getTracer("placa-paga");

/** Only start.ts sets it, with the flag. */
export function setOurTracer(t: Tracer | undefined): void {
  (globalThis as HeldTracer)[TRACER] = t;
}

/**
 * Our innermost span, beside the active one: a library's non-recording span may be active inside
 * ours (Next's, with no global provider), and a note must land on a span that is exported.
 */
const OURS = createContextKey("placa-paga.tracing.span");
const enter = (parent: Context, span: Span): Context =>
  trace.setSpan(parent, span).setValue(OURS, span);
const ourSpan = (): Span | undefined => context.active().getValue(OURS) as Span | undefined;

export type SpanOptions = {
  attributes?: Attributes;
  /** Work this span follows from without being part of its request (a stored traceparent). */
  links?: Link[];
  kind?: SpanKind;
  /** A span of its own trace, even when the caller's context holds one (background work). */
  root?: boolean;
  /** Only inside a trace: a database statement alone (a queue's poll) is not worth a trace. */
  childOnly?: boolean;
  /** A throw that is not a failure (a job's "retry later"): noted by its type, status left unset. */
  notAFailure?: (error: unknown) => boolean;
};

const NOOP = trace.wrapSpanContext({
  traceId: "0".repeat(32),
  spanId: "0".repeat(16),
  traceFlags: 0,
});

/** The error's code or class name: its message may quote input. */
function errorType(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && /^[A-Z0-9_]{2,64}$/.test(code)) return code;
  return error instanceof Error ? error.name : "unknown";
}

/** Marks the span failed with the error's code, never its message. */
export function failSpan(span: Span, error: unknown): void {
  const type = errorType(error);
  span.setAttribute("error.type", type);
  span.setStatus({ code: SpanStatusCode.ERROR, message: type });
}

/** Runs fn inside a span that ends when it settles; a thrown error marks it failed. */
export async function inSpan<T>(
  name: string,
  options: SpanOptions,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  if (!tracingOn()) return fn(NOOP);
  if (options.childOnly && !ourSpan()) return fn(NOOP);
  const parent = options.root ? ROOT_CONTEXT : context.active();
  const span = tracer().startSpan(
    name,
    {
      attributes: options.attributes,
      links: options.links,
      kind: options.kind ?? SpanKind.INTERNAL,
    },
    parent,
  );
  try {
    return await context.with(enter(parent, span), () => fn(span));
  } catch (error) {
    if (options.notAFailure?.(error)) span.setAttribute("outcome", errorType(error));
    else failSpan(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** Starts a span the caller ends (a request that ends on the socket's close). */
export function startSpan(name: string, options: SpanOptions): Span {
  if (!tracingOn()) return NOOP;
  const parent = options.root ? ROOT_CONTEXT : context.active();
  return tracer().startSpan(
    name,
    {
      attributes: options.attributes,
      links: options.links,
      kind: options.kind ?? SpanKind.INTERNAL,
    },
    parent,
  );
}

/** Runs fn with span as the active one (its children and the async work it starts). */
export function withSpan<T>(span: Span, fn: () => T): T {
  if (!tracingOn()) return fn();
  return context.with(enter(context.active(), span), fn);
}

/** Adds attributes to the active span (a handler that learns the payment's id midway). */
export function noteOnSpan(attributes: Attributes): void {
  if (!tracingOn()) return;
  ourSpan()?.setAttributes(attributes);
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/**
 * The active span as a W3C traceparent, to store beside work another process picks up later (the
 * inbox, the outbox, a payment): its span links back to this one. null when tracing is off.
 */
export function currentTraceparent(): string | null {
  if (!tracingOn()) return null;
  const ctx = ourSpan()?.spanContext();
  if (!ctx || !trace.isSpanContextValid(ctx)) return null;
  return `00-${ctx.traceId}-${ctx.spanId}-${ctx.traceFlags.toString(16).padStart(2, "0")}`;
}

/** A link to the stored traceparent's span; none when there is none (or it is not one). */
export function linksTo(...traceparents: (string | null | undefined)[]): Link[] {
  const links: Link[] = [];
  for (const value of traceparents) {
    const match = value ? TRACEPARENT.exec(value) : null;
    if (!match) continue;
    const spanContext = {
      traceId: match[1]!,
      spanId: match[2]!,
      traceFlags: parseInt(match[3]!, 16),
      isRemote: true,
    };
    if (trace.isSpanContextValid(spanContext)) links.push({ context: spanContext });
  }
  return links;
}

export { SpanKind };
