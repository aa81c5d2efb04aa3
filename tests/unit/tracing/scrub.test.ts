import { describe, expect, it } from "vitest";
import {
  looksSensitive,
  pathShape,
  scrubAttributes,
  scrubSpanName,
  scrubStack,
} from "@/lib/tracing/scrub";

// What leaves the process in a span, whoever made it (lib/tracing/exporter.ts).

describe("scrub", () => {
  it("a path keeps its shape: plates, ids, tokens and secrets become {id}; the query goes", () => {
    expect(pathShape("/api/vehicles/ABC1D23")).toBe("/api/vehicles/{id}");
    expect(pathShape("/api/vehicles/abc1234?uf=MG&cpf=52998224725")).toBe("/api/vehicles/{id}");
    expect(pathShape("/pagar/Zx81_kQ0aLm2pPq9rS4tUv")).toBe("/pagar/{id}");
    expect(pathShape("/api/webhooks/uvvi/integration-webhook-secret-0123456789abcdef")).toBe(
      "/api/webhooks/uvvi/{id}",
    );
    expect(pathShape("/consulta/cm3x9qz8e0000abcdxyz12345/pagamento")).toBe(
      "/consulta/{id}/pagamento",
    );
    expect(pathShape("/painel/radar/eventos/maria%40example.com")).toBe(
      "/painel/radar/eventos/{id}",
    );
    // Places stay readable.
    expect(pathShape("/api/v1/openapi.json")).toBe("/api/v1/openapi.json");
    expect(pathShape("/desenvolvedores/api")).toBe("/desenvolvedores/api");
    expect(pathShape("/")).toBe("/");
    expect(pathShape("https://store.example/pagamento/Ab12Cd34Ef56?x=1#top")).toBe(
      "/pagamento/{id}",
    );
  });

  it("a request's span name keeps its method; any other name is replaced when it looks sensitive", () => {
    expect(scrubSpanName("GET /api/payments/Xy12Zw34Ab56")).toBe("GET /api/payments/{id}");
    expect(scrubSpanName("GET /consulta/[lookupId]")).toBe("GET /consulta/[lookupId]");
    expect(scrubSpanName("render route (app) /pagar/[token]")).toBe(
      "render route (app) /pagar/[token]",
    );
    expect(scrubSpanName("lookup ABC1D23")).toBe("[redacted]");
  });

  it("attributes: URLs keep their shape, the query, client address and agent go, sensitive strings are replaced", () => {
    expect(
      scrubAttributes({
        "http.target": "/api/vehicles/ABC1D23?cpfCnpj=52998224725",
        "url.full": "http://localhost:3000/radar/cancelar/abcdefghijklmnopqrstuvwxyz012345",
        "url.query": "plate=ABC1D23",
        "client.address": "203.0.113.7",
        "user_agent.original": "Mozilla/5.0",
        "exception.message": "invalid plate ABC1D23",
        "next.route": "/api/vehicles/[plate]",
        "http.status_code": 200,
        "payment.id": "cm3x9qz8e0000abcdxyz12345",
        note: "maria.silva@example.com",
        card: "4111 1111 1111 1111",
        key: "sk_live_abcdef123456",
        list: ["ok", "529.982.247-25"],
      }),
    ).toEqual({
      "http.target": "/api/vehicles/{id}",
      "url.full": "/radar/cancelar/{id}",
      "next.route": "/api/vehicles/[plate]",
      "http.status_code": 200,
      "payment.id": "cm3x9qz8e0000abcdxyz12345",
      note: "[redacted]",
      card: "[redacted]",
      key: "[redacted]",
      list: ["ok", "[redacted]"],
    });
  });

  it("attributes named like a secret or a personal datum (the log's redaction list) go, whatever their value", () => {
    expect(
      scrubAttributes({
        "customer.email": "nobody",
        "http.request.header.cookie": "a=b",
        "http.request.header.x-api-key": "short",
        "enduser.cpf": "1",
        token: "abc",
        "checkout.publicToken": "x",
        // Names that merely contain one of the words stay.
        "db.collection.name": "Payment",
        "payment.id": "p1",
        "http.request.method": "POST",
      }),
    ).toEqual({
      "db.collection.name": "Payment",
      "payment.id": "p1",
      "http.request.method": "POST",
    });
  });

  it("looksSensitive: documents, plates, e-mails, keys and long tokens; not our words", () => {
    for (const value of [
      "52998224725",
      "11.222.333/0001-81",
      "(31) 98765-4321",
      "MGD-1E23",
      "pp_test_abcdefghijklmnopqrstuvwxyz012345",
      "a@b.co",
      "Zx81_kQ0aLm2pPq9rS4tUv-abcdefghij",
    ])
      expect(looksSensitive(value), value).toBe(true);
    for (const value of ["upstream payment", "db Payment.findUnique", "job webhook-inbox", "200"])
      expect(looksSensitive(value), value).toBe(false);
  });

  it("an exception's stack keeps its frames without its message", () => {
    expect(
      scrubStack(
        "ZodError: plate ABC1D23 is not valid\n    at parse (/app/lib/x.ts:1:2)\n    at run (/app/y.ts:3:4)",
      ),
    ).toBe("ZodError\n    at parse (/app/lib/x.ts:1:2)\n    at run (/app/y.ts:3:4)");
  });
});
