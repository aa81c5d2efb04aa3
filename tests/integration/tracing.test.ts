import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { familyVehicle } from "@/lib/sandbox/catalog/family";
import { allPayments } from "@/lib/sandbox/payments/types";
import { waitUntil } from "../support/app-process";
import { fleetCheckout, fleetClient, type FleetClient } from "../support/fleet-client";
import { startFleet, type Fleet } from "../support/multi-instance";
import { CUSTOMER } from "../support/storefront-flow";
import { TEST_API_KEY, TEST_WEBHOOK_SECRET } from "../support/test-keys";

// Traces as an operator's collector receives them (issue 48): a production instance started with
// the standard OTEL_* variables exports over OTLP/HTTP to a receiver in this process. One PIX
// payment, from the payer's request to the webhook that says it was paid: the request's trace
// holds the upstream call; the webhook's apply, in a trace of its own (a job claimed later,
// maybe by another instance), carries the payment's id and links back to that request. Then
// every exported span is read for personal data and secrets.

type OtlpValue = {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
  arrayValue?: { values: OtlpValue[] };
};
type OtlpAttribute = { key: string; value: OtlpValue };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: OtlpAttribute[];
  links?: { traceId: string; spanId: string; attributes?: OtlpAttribute[] }[];
  events?: { name: string; attributes?: OtlpAttribute[] }[];
  status?: { code?: number; message?: string };
};
type OtlpBody = {
  resourceSpans: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans: { scope?: { name: string }; spans: OtlpSpan[] }[];
  }[];
};

const PLATE = "TST7T01";
const collectorToken = randomBytes(24).toString("base64url");
const bodies: string[] = [];
const headersSeen: string[] = [];
let receiver: Server;
let fleet: Fleet;
let client: FleetClient;

/** The exporter's JSON encodes ids as hex; the protobuf-JSON mapping would use base64. */
const hex = (id: string) =>
  /^[0-9a-f]+$/.test(id) ? id : Buffer.from(id, "base64").toString("hex");

function spans(): OtlpSpan[] {
  return bodies.flatMap((text) =>
    (JSON.parse(text) as OtlpBody).resourceSpans.flatMap((r) =>
      r.scopeSpans.flatMap((s) =>
        s.spans.map((span) => ({
          ...span,
          traceId: hex(span.traceId),
          spanId: hex(span.spanId),
          parentSpanId: span.parentSpanId ? hex(span.parentSpanId) : undefined,
          links: span.links?.map((l) => ({ ...l, traceId: hex(l.traceId), spanId: hex(l.spanId) })),
        })),
      ),
    ),
  );
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue ?? value?.boolValue;
};

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body = Buffer.concat(chunks);
      if (req.headers["content-encoding"] === "gzip") body = gunzipSync(body);
      if (req.url === "/v1/traces" && req.method === "POST") {
        bodies.push(body.toString("utf8"));
        headersSeen.push(String(req.headers.authorization));
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  fleet = await startFleet(inject("pgTemplate")!, {
    instances: 1,
    env: {
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_EXPORTER_OTLP_HEADERS: `authorization=Bearer%20${collectorToken}`,
      OTEL_SERVICE_NAME: "placa-paga-test",
      // The SDK's own batching variable: spans leave within 200 ms instead of 5 s.
      OTEL_BSP_SCHEDULE_DELAY: "200",
    },
  });
  client = fleetClient(fleet);
}, 900_000);

afterAll(async () => {
  await fleet?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

it("one PIX payment: its request's trace holds the upstream call; the webhook's apply carries the payment's id and links back to it; no span holds a personal datum or a secret", async () => {
  const { token } = await fleetCheckout(client, PLATE);
  // A stranger's trace context: our request spans never join it (we are the edge).
  const forged = { traceId: "a".repeat(32), spanId: "b".repeat(16) };
  const forgedRes = await client.send(`/api/payments/${"x".repeat(22)}`, {
    headers: { traceparent: `00-${forged.traceId}-${forged.spanId}-01` },
  });
  await forgedRes.arrayBuffer();
  const started = await client.send(`/api/checkouts/${token}/payments`, {
    method: "POST",
    json: { attemptId: randomUUID(), method: "pix" },
  });
  expect(started.status).toBe(201);
  const { ref } = (await started.json()) as { ref: string };
  const upstreamPayment = allPayments(fleet.sandbox.ctx).find((p) => p.method === "pix")!;
  const paid = await fetch(`${fleet.sandbox.url}/__sandbox/pix/${upstreamPayment.paymentId}/pay`, {
    method: "POST",
    headers: { "x-api-key": TEST_API_KEY },
  });
  expect(paid.status).toBe(200);
  await waitUntil(
    "the payment paid",
    async () => {
      const view = (await (await client.send(`/api/payments/${ref}`)).json()) as { status: string };
      return view.status === "paid" ? true : undefined;
    },
    30_000,
  );

  // The request that created the payment: its server span, the upstream call under it, and the
  // payment's id on one of its spans.
  const apply = await waitUntil(
    "the webhook's apply span exported",
    () => spans().find((s) => s.name === "payment apply-status-event"),
    15_000,
  );
  const paymentId = attribute(apply, "payment.id");
  expect(typeof paymentId).toBe("string");
  const all = spans();
  const requestSpan = all.find(
    (s) => s.name === "POST /api/checkouts/{id}/payments" && !s.parentSpanId,
  );
  expect(requestSpan, all.map((s) => s.name).join("\n")).toBeDefined();
  const trace = all.filter((s) => s.traceId === requestSpan!.traceId);
  const upstreamCall = trace.find((s) => s.name === "upstream payment");
  expect(upstreamCall).toBeDefined();
  expect(attribute(upstreamCall!, "http.response.status_code")).toBe(201); // the spec's answer
  expect(trace.some((s) => attribute(s, "payment.id") === paymentId)).toBe(true);
  expect(trace.some((s) => s.name.startsWith("db "))).toBe(true);
  // Nested: the upstream call's ancestors lead to the request's span.
  const byId = new Map(trace.map((s) => [s.spanId, s]));
  let up: OtlpSpan | undefined = upstreamCall;
  while (up?.parentSpanId) up = byId.get(up.parentSpanId);
  expect(up?.spanId).toBe(requestSpan!.spanId);

  // The apply: another trace, linked to a span of the payment's request.
  expect(apply.traceId).not.toBe(requestSpan!.traceId);
  expect(apply.links?.some((l) => l.traceId === requestSpan!.traceId)).toBe(true);
  const linkedTo = apply.links!.find((l) => l.traceId === requestSpan!.traceId)!;
  expect(byId.has(linkedTo.spanId)).toBe(true);
  // It runs inside the inbox's job span, itself linked to the webhook delivery's request.
  const applyTrace = all.filter((s) => s.traceId === apply.traceId);
  const job = applyTrace.find((s) => s.name === "job webhook-inbox");
  expect(job).toBeDefined();
  const delivery = all.find((s) => s.spanId === job!.links?.[0]?.spanId);
  expect(delivery?.name).toBe("POST /api/webhooks/uvvi/{id}");
  expect(attribute(delivery!, "http.response.status_code")).toBe(200);
  // The delivery's request stored the event by the inbox's own group commit (not Prisma), and
  // answered after it: the insert is a span under that request.
  const anyById = new Map(all.map((s) => [s.spanId, s]));
  const under = (span: OtlpSpan, ancestor: OtlpSpan): boolean => {
    let up: OtlpSpan | undefined = span;
    while (up?.parentSpanId) {
      if (up.parentSpanId === ancestor.spanId) return true;
      up = anyById.get(up.parentSpanId);
    }
    return false;
  };
  const insert = all.find((s) => s.name === "db WebhookEvent.insert" && under(s, delivery!));
  expect(attribute(insert!, "outcome")).toBe("stored");

  // The forged context joined nothing: no span of its trace, none under its span.
  expect(all.some((s) => s.traceId === forged.traceId || s.parentSpanId === forged.spanId)).toBe(
    false,
  );
  expect(all.some((s) => s.name === "GET /api/payments/{id}" && !s.parentSpanId)).toBe(true);
  // Next makes no span of its own (the global provider is not ours: docs/tracing.md, "Cost"), but
  // names the route's template on our request span, with no URL in it.
  expect(all.filter((s) => attribute(s, "next.span_type") !== undefined)).toEqual([]);
  expect(attribute(requestSpan!, "http.route")).toBe("/api/checkouts/[token]/payments");
  // The collector's header reached the collector, and only it.
  expect(headersSeen.every((h) => h === `Bearer ${collectorToken}`)).toBe(true);

  // Every exported byte, read for what must never leave: the vehicle, the payer, the tokens that
  // open the checkout and the payment page, our keys and the collector's.
  const v = familyVehicle(PLATE)!;
  const digits = (s: string) => s.replace(/\D/g, "");
  const forbidden = [
    v.plate,
    v.renavam,
    v.cpfCnpj,
    digits(CUSTOMER.cpfCnpj),
    CUSTOMER.cpfCnpj,
    CUSTOMER.name,
    CUSTOMER.email,
    digits(CUSTOMER.phone),
    token,
    ref,
    TEST_API_KEY,
    TEST_WEBHOOK_SECRET,
    collectorToken,
    upstreamPayment.qrCode ?? "",
  ].filter((s) => s.length > 0);
  const exported = bodies.join("\n");
  expect(exported.length).toBeGreaterThan(1000);
  for (const secret of forbidden) expect(exported, secret).not.toContain(secret);
}, 600_000);
