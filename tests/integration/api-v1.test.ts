import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { readFileSync } from "node:fs";
import { validate as validateOpenApi } from "@readme/openapi-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { apiClient, openApiDoc } from "../support/api-v1-client";
import { apiTypesSource } from "../../scripts/lib/api-types";
import { startLookupReceiver } from "../support/family-lookup";
import { cardAttempt, pay, syncLookup } from "../support/storefront-flow";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";
import { apiRequest, params } from "../support/upstream-helpers";
import type { WebhookReceiver } from "../support/webhook-receiver";
import { signIn } from "../support/workspace-auth";
import { randomCpf } from "../support/workspace-seed";

// The despachante's own software through /api/v1, as its developer writes it: the openapi-fetch
// client typed from our OpenAPI document, every answer checked against that document
// (tests/support/api-v1-client.ts). The whole flow (client, vehicle, batch over the sandbox, link,
// the client paying on the public page), and the API's protections: another account's ids, a
// revoked or read-only key, Idempotency-Key replays and races, the per-key limit.

let env: TestEnvironment;
let receiver: WebhookReceiver;
let cookieA: string;
let cookieB: string;
let writeA: string;
let readA: string;
let writeB: string;
const LIMIT = 40;

async function makeKey(cookie: string, scope: "read" | "write", name = `Chave ${scope}`) {
  const { POST } = await import("@/app/api/workspace/api-keys/route");
  const res = await POST(apiRequest("/api/workspace/api-keys", { cookie, body: { name, scope } }));
  expect(res.status).toBe(201);
  return (await res.json()) as { key: string; apiKey: { id: string; prefix: string } };
}

const newClient = (cpfCnpj = randomCpf()) => ({
  name: "Maria da Silva",
  cpfCnpj,
  phone: "11987654321",
  email: `maria.${randomUUID()}@example.com`,
});

beforeAll(async () => {
  env = await setupTestEnvironment({
    sandbox: { timeScale: 0.01 },
    env: {
      RATE_LIMIT_SIGN_IN: "1000",
      RATE_LIMIT_SIGN_IN_PER_EMAIL: "1000",
      API_REQUESTS_PER_MINUTE: String(LIMIT),
      // One API lookup a minute (1% of the lookups' budget of 100), so the test reaches the share.
      UPSTREAM_RATE_PER_MINUTE: "100",
      API_LOOKUP_SHARE_PERCENT: "1",
    },
  });
  receiver = await startLookupReceiver();
  const stamp = Date.now();
  cookieA = await signIn(`api.a.${stamp}@despachante.test`);
  cookieB = await signIn(`api.b.${stamp}@despachante.test`);
  writeA = (await makeKey(cookieA, "write")).key;
  readA = (await makeKey(cookieA, "read")).key;
  writeB = (await makeKey(cookieB, "write")).key;
});
afterAll(async () => {
  await receiver?.close();
  await env?.close();
});

describe("API keys", () => {
  it("are shown once: the list and the database hold a prefix and a digest, never the key", async () => {
    const made = await makeKey(cookieA, "read", "Só para ver");
    expect(made.key).toMatch(/^pp_test_[A-Za-z0-9]{32}$/);
    expect(made.apiKey.prefix).toBe(made.key.slice(0, 12));
    const { GET } = await import("@/app/api/workspace/api-keys/route");
    const list = await (
      await GET(apiRequest("/api/workspace/api-keys", { method: "GET", cookie: cookieA }))
    ).text();
    expect(list).toContain(made.apiKey.prefix);
    expect(list).not.toContain(made.key);
    const { db } = await import("@/lib/db/client");
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: made.apiKey.id } });
    expect(JSON.stringify(row)).not.toContain(made.key.slice(12));
  });

  it("refuses no key, a malformed one, one of the other mode and a revoked one alike, at once", async () => {
    const { key, apiKey } = await makeKey(cookieA, "write", "Para revogar");
    expect((await apiClient(key).GET("/clients")).response.status).toBe(200);
    const { DELETE } = await import("@/app/api/workspace/api-keys/[keyId]/route");
    const revoked = await DELETE(
      apiRequest(`/api/workspace/api-keys/${apiKey.id}`, { method: "DELETE", cookie: cookieA }),
      params({ keyId: apiKey.id }),
    );
    expect(revoked.status).toBe(200);
    for (const bad of [key, "", "pp_test_short", key.replace("pp_test_", "pp_live_")]) {
      const { response, error } = await apiClient(bad).GET("/clients");
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(error?.error.code).toBe("API_KEY_INVALID");
    }
    // A session cookie is no API key: the API never reads cookies.
    const { GET } = await import("@/app/api/v1/clients/route");
    const withCookie = await GET(apiRequest("/api/v1/clients", { method: "GET", cookie: cookieA }));
    expect(withCookie.status).toBe(401);
  });

  it("a read-only key reads but cannot write, and nothing is written", async () => {
    const { db } = await import("@/lib/db/client");
    const before = await db.workspaceClient.count();
    const { response, error } = await apiClient(readA).POST("/clients", { body: newClient() });
    expect(response.status).toBe(403);
    expect(error?.error).toMatchObject({
      code: "API_KEY_READ_ONLY",
      message: "A read-only API key asked to write.",
    });
    expect(await db.workspaceClient.count()).toBe(before);
    expect((await apiClient(readA).GET("/links")).response.status).toBe(200);
  });

  it("an account holds at most 20 active keys, even when it asks for many at once", async () => {
    const cookie = await signIn(`api.limit.${Date.now()}@despachante.test`);
    const { POST } = await import("@/app/api/workspace/api-keys/route");
    const ask = (name: string) =>
      POST(apiRequest("/api/workspace/api-keys", { cookie, body: { name, scope: "read" } }));
    const first = await ask("Chave 0");
    expect(first.status).toBe(201);
    const firstId = ((await first.json()) as { apiKey: { id: string } }).apiKey.id;
    for (let i = 1; i < 17; i++) expect((await ask(`Chave ${i}`)).status).toBe(201);
    // Three places left, six asked for at once: never more than 20, every refusal the limit's.
    const answers = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => ask(`Corrida ${i}`)));
    for (const res of answers) {
      expect([201, 422]).toContain(res.status);
      if (res.status === 422)
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
          "API_KEY_LIMIT",
        );
    }
    const { db } = await import("@/lib/db/client");
    const owner = await db.apiKey.findUniqueOrThrow({ where: { id: firstId } });
    const active = () => db.apiKey.count({ where: { userId: owner.userId, revokedAt: null } });
    expect(await active()).toBeLessThanOrEqual(20);
    while ((await active()) < 20) expect((await ask("Completa")).status).toBe(201);
    const over = await ask("Vigésima primeira");
    expect(over.status).toBe(422);
    expect(await active()).toBe(20);
    // A revoked key frees its place.
    const { DELETE } = await import("@/app/api/workspace/api-keys/[keyId]/route");
    const revoked = await DELETE(
      apiRequest(`/api/workspace/api-keys/${owner.id}`, { method: "DELETE", cookie }),
      params({ keyId: owner.id }),
    );
    expect(revoked.status).toBe(200);
    expect((await ask("De novo")).status).toBe(201);
  });
});

describe("the despachante's flow through the API", () => {
  it("client, vehicle, batch, link, the client pays on the public page: the link says paid", async () => {
    const api = apiClient(writeA);
    const v = SANDBOX_VEHICLES.syncAnswer;
    const made = await api.POST("/clients", { body: newClient(v.cpfCnpj) });
    expect(made.response.status).toBe(201);
    const client = made.data!;
    expect(client.cpfCnpjMasked).not.toContain(v.cpfCnpj.slice(3, 9));

    const vehicle = await api.POST("/clients/{clientId}/vehicles", {
      params: { path: { clientId: client.id } },
      body: { plate: v.plate, uf: v.uf as "SP", renavam: v.renavam },
    });
    expect(vehicle.response.status).toBe(201);

    const batch = await api.POST("/batches", {
      body: { scope: "vehicles", vehicleIds: [vehicle.data!.id] },
    });
    expect(batch.response.status).toBe(201);
    expect(batch.data!.progress.total).toBe(1);

    const { kickBatches } = await import("@/lib/workspace/batches/worker");
    const { dispatchPendingWebhooks } = await import("@/lib/webhooks/dispatch");
    const deadline = Date.now() + 30_000;
    for (;;) {
      await kickBatches();
      await dispatchPendingWebhooks();
      const { data } = await api.GET("/batches/{batchId}", {
        params: { path: { batchId: batch.data!.id } },
      });
      if (data!.progress.remaining === 0) break;
      if (Date.now() > deadline) throw new Error("the batch did not finish");
      await new Promise((r) => setTimeout(r, 50));
    }
    const items = await api.GET("/batches/{batchId}/items", {
      params: { path: { batchId: batch.data!.id } },
    });
    const item = items.data!.data[0]!;
    expect(item).toMatchObject({ status: "done", vehicleId: vehicle.data!.id });
    expect(item.debts.length).toBeGreaterThan(0);
    const fine = item.debts.find((d) => d.type === "ticket") ?? item.debts[0]!;

    const csv = await api.GET("/batches/{batchId}/csv", {
      params: { path: { batchId: batch.data!.id } },
      parseAs: "text",
    });
    expect(csv.response.headers.get("content-type")).toContain("text/csv");
    expect(csv.data).toContain(v.plate);

    const link = await api.POST("/links", {
      body: { lookupId: item.lookupId!, debtIds: [fine.id] },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(link.response.status).toBe(201);
    expect(link.data).toMatchObject({ stage: "open", clientId: client.id, payment: null });

    // The office's own receiver, registered as a webhook endpoint for "link paid".
    const received: { headers: Record<string, string>; body: string }[] = [];
    const hooks = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({
          headers: req.headers as Record<string, string>,
          body: Buffer.concat(chunks).toString("utf8"),
        });
        res.end("ok");
      });
    });
    await new Promise<void>((r) => hooks.listen(0, "127.0.0.1", r));
    const { POST: registerEndpoint } = await import("@/app/api/workspace/webhooks/route");
    const endpoint = await registerEndpoint(
      apiRequest("/api/workspace/webhooks", {
        cookie: cookieA,
        body: {
          url: `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/placa-paga`,
          events: ["link.paid"],
        },
      }),
      params({}),
    );
    expect(endpoint.status).toBe(201);
    const { secret } = (await endpoint.json()) as { secret: string };

    const token = link.data!.url.split("/pagar/")[1]!;
    const paid = await pay(token, await cardAttempt(token));
    expect(paid.status).toBe(201);

    // "Seu cliente pagou" reaches the office's system, signed, naming the link as the API does.
    const { kickDeliveries } = await import("@/lib/api-events/worker");
    const until = Date.now() + 20_000;
    while (received.length === 0 && Date.now() < until) {
      await kickDeliveries();
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise<void>((r) => hooks.close(() => r()));
    expect(received).toHaveLength(1);
    const hook = received[0]!;
    const event = new Webhook(secret).verify(hook.body, {
      "webhook-id": hook.headers["webhook-id"]!,
      "webhook-timestamp": hook.headers["webhook-timestamp"]!,
      "webhook-signature": hook.headers["webhook-signature"]!,
    }) as { type: string; data: { link: { id: string }; payment: { status: string } } };
    expect(event.type).toBe("link.paid");
    expect(event.data.link.id).toBe(link.data!.id);
    expect(event.data.payment.status).toBe("paid");
    expect(hook.body).not.toContain(v.cpfCnpj);
    // The events list mirrors it, with the same body and the webhook-id as its id.
    const events = await api.GET("/events", { params: { query: { type: "link.paid" } } });
    expect(events.data!.data.map((e) => e.id)).toContain(hook.headers["webhook-id"]);
    const one = await api.GET("/events/{eventId}", {
      params: { path: { eventId: hook.headers["webhook-id"]! } },
    });
    expect(one.data).toMatchObject({ type: "link.paid", data: event.data });
    expect(
      (
        await apiClient(writeB).GET("/events/{eventId}", {
          params: { path: { eventId: hook.headers["webhook-id"]! } },
        })
      ).response.status,
    ).toBe(404);

    const read = await api.GET("/links/{linkId}", {
      params: { path: { linkId: link.data!.id } },
    });
    expect(read.data).toMatchObject({
      id: link.data!.id,
      stage: "paid",
      debtCount: 1,
      payment: { method: "credit_card", status: "paid" },
    });
    const paidLinks = await api.GET("/links", { params: { query: { stage: "paid" } } });
    expect(paidLinks.data!.data.map((l) => l.id)).toContain(link.data!.id);

    // Another account's key: A's rows answer as unknown ones, and its lists hold none of them.
    const asB = apiClient(writeB);
    for (const res of [
      await asB.GET("/clients/{clientId}", { params: { path: { clientId: client.id } } }),
      await asB.PATCH("/clients/{clientId}", {
        params: { path: { clientId: client.id } },
        body: { name: "Nome Trocado" },
      }),
      await asB.DELETE("/vehicles/{vehicleId}", {
        params: { path: { vehicleId: vehicle.data!.id } },
      }),
      await asB.GET("/batches/{batchId}/items", {
        params: { path: { batchId: batch.data!.id } },
      }),
      await asB.GET("/links/{linkId}", { params: { path: { linkId: link.data!.id } } }),
    ]) {
      expect(res.response.status).toBe(404);
      expect(res.error).toMatchObject({ error: { code: "NOT_FOUND" } });
    }
    const bLinks = await asB.GET("/links");
    expect(bLinks.data!.data).toEqual([]);
    const bLink = await asB.POST("/links", {
      body: { lookupId: item.lookupId!, debtIds: [fine.id] },
    });
    expect(bLink.response.status).toBe(404);
    expect(
      (await api.GET("/clients/{clientId}", { params: { path: { clientId: client.id } } })).data!
        .name,
    ).toBe("Maria da Silva");
  });

  it("renews only what may be renewed, sends a link once per address, and turns Radar on and off", async () => {
    const api = apiClient(writeA);
    const { data: links } = await api.GET("/links", { params: { query: { stage: "paid" } } });
    const paid = links!.data[0]!;
    const renewPaid = await api.POST("/links/{linkId}/renew", {
      params: { path: { linkId: paid.id } },
    });
    expect(renewPaid.response.status).toBe(409);
    expect(renewPaid.error?.error.code).toBe("CHECKOUT_ALREADY_PAID");
    const sendPaid = await api.POST("/links/{linkId}/send", {
      params: { path: { linkId: paid.id } },
    });
    expect(sendPaid.error?.error.code).toBe("CHECKOUT_ALREADY_PAID");
    expect(
      (
        await apiClient(writeB).POST("/links/{linkId}/send", {
          params: { path: { linkId: paid.id } },
        })
      ).response.status,
    ).toBe(404);

    const { data: clients } = await api.GET("/clients");
    const vehicleId = clients!.data.flatMap((c) => c.vehicles)[0]!.id;
    const on = await api.POST("/radar/on", {
      body: { selection: { scope: "vehicles", vehicleIds: [vehicleId] }, recurrence: "weekly" },
    });
    expect(on.response.status).toBe(200);
    expect(on.data).toMatchObject({ vehicles: 1, turnedOn: 1, withinCap: true });
    const events = await api.GET("/radar/events");
    expect(events.data).toMatchObject({ nextCursor: null });
    const off = await api.POST("/radar/off", {
      body: { selection: { scope: "vehicles", vehicleIds: [vehicleId] } },
    });
    expect(off.data).toEqual({ turnedOff: 1 });
    // Another account's vehicle id is an unknown one: nothing turned on.
    const theirs = await apiClient(writeB).POST("/radar/on", {
      body: { selection: { scope: "vehicles", vehicleIds: [vehicleId] }, recurrence: "daily" },
    });
    expect(theirs.response.status).toBe(404);
    const { db } = await import("@/lib/db/client");
    expect(await db.radarWatch.count({ where: { vehicleId, status: "active" } })).toBe(0);
  });

  it('updates a client\'s fields one by one and clears the phone with ""', async () => {
    const api = apiClient(writeA);
    const { data: client } = await api.POST("/clients", { body: newClient() });
    const patched = await api.PATCH("/clients/{clientId}", {
      params: { path: { clientId: client!.id } },
      body: { phone: "", name: "Maria Souza" },
    });
    expect(patched.data).toMatchObject({ name: "Maria Souza", phone: null, email: client!.email });
    const bad = await api.PATCH("/clients/{clientId}", {
      params: { path: { clientId: client!.id } },
      body: { email: "nao-e-email" },
    });
    expect(bad.response.status).toBe(400);
    expect(bad.error?.error.fields).toHaveProperty("email");
    const gone = await api.DELETE("/clients/{clientId}", {
      params: { path: { clientId: client!.id } },
    });
    expect(gone.data).toEqual({ id: client!.id, deleted: true });
  });

  it("pages with an opaque cursor: no row twice, none missed, and a forged cursor is a 400", async () => {
    const api = apiClient(writeB);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await api.POST("/clients", { body: newClient() })).data!.id);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const { data } = await api.GET("/clients", { params: { query: { limit: "2", cursor } } });
      expect(data!.data.length).toBeLessThanOrEqual(2);
      seen.push(...data!.data.map((c) => c.id));
      cursor = data!.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(new Set(seen).size);
    expect(seen.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
    for (const query of [{ cursor: "bm90LWEtY3Vyc29y" }, { limit: "0" }, { limit: "1000" }]) {
      const { response, error } = await api.GET("/clients", { params: { query } });
      expect(response.status).toBe(400);
      expect(error?.error.code).toBe("VALIDATION_ERROR");
    }
  });
});

describe("single lookups", () => {
  /** Waits, if needed, so the next few seconds stay inside one minute window of the budget. */
  async function earlyInMinute() {
    const second = new Date().getSeconds();
    if (second > 45) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
  }

  it("looks up one of the account's vehicles, answered by webhook, read only by that account, a link made from it", async () => {
    await earlyInMinute();
    const api = apiClient(writeB);
    const v = SANDBOX_VEHICLES.withDebts;
    const { data: client } = await api.POST("/clients", { body: newClient(v.cpfCnpj) });
    const { data: vehicle } = await api.POST("/clients/{clientId}/vehicles", {
      params: { path: { clientId: client!.id } },
      body: { plate: v.plate, uf: v.uf as "SP", renavam: v.renavam },
    });
    const started = await api.POST("/lookups", { body: { vehicleId: vehicle!.id } });
    expect(started.response.status).toBe(201);
    expect(started.data).toMatchObject({ vehicleId: vehicle!.id, plate: v.plate });
    const lookupId = started.data!.id;
    const { dispatchPendingWebhooks } = await import("@/lib/webhooks/dispatch");
    let read = started.data!;
    const deadline = Date.now() + 30_000;
    while (read.status === "pending") {
      if (Date.now() > deadline) throw new Error("the lookup stayed pending");
      await dispatchPendingWebhooks();
      read = (await api.GET("/lookups/{lookupId}", { params: { path: { lookupId } } })).data!;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(read.status).toBe("debts");
    expect(read.debts.length).toBeGreaterThan(2);
    const fine = read.debts.find((d) => d.type === "ticket")!;

    const other = await apiClient(writeA).GET("/lookups/{lookupId}", {
      params: { path: { lookupId } },
    });
    expect(other.response.status).toBe(404);
    expect(
      (await apiClient(writeA).POST("/lookups", { body: { vehicleId: vehicle!.id } })).response
        .status,
    ).toBe(404);

    const link = await api.POST("/links", { body: { lookupId, debtIds: [fine.id] } });
    expect(link.response.status).toBe(201);
    expect(link.data).toMatchObject({ clientId: client!.id, plate: v.plate, debtCount: 1 });

    // Deleting the vehicle takes its API lookup (a link's lookup stays with the link's record).
    const { db } = await import("@/lib/db/client");
    const { data: spare } = await api
      .POST("/lookups", { body: { vehicleId: vehicle!.id } })
      .then(async (r) => (r.response.status === 201 ? r : { data: null }));
    await api.DELETE("/vehicles/{vehicleId}", { params: { path: { vehicleId: vehicle!.id } } });
    if (spare) expect(await db.lookup.count({ where: { id: spare.id } })).toBe(0);
    expect(await db.lookup.count({ where: { id: lookupId } })).toBe(1);
  });

  it("at the API's share its lookups are refused with Retry-After while a person's lookup is accepted", async () => {
    await earlyInMinute();
    const api = apiClient(writeA);
    const v = SANDBOX_VEHICLES.noDebts;
    const { data: client } = await api.POST("/clients", { body: newClient(v.cpfCnpj) });
    const { data: vehicle } = await api.POST("/clients/{clientId}/vehicles", {
      params: { path: { clientId: client!.id } },
      body: { plate: v.plate, uf: v.uf as "SP", renavam: v.renavam },
    });
    let refused: { status: number; code?: string; retryAfter: string | null } | undefined;
    for (let i = 0; i < 3 && !refused; i++) {
      const res = await api.POST("/lookups", { body: { vehicleId: vehicle!.id } });
      if (res.response.status === 429)
        refused = {
          status: 429,
          code: res.error?.error.code,
          retryAfter: res.response.headers.get("retry-after"),
        };
      else expect(res.response.status).toBe(201);
    }
    expect(refused?.code).toBe("API_LOOKUP_SHARE_SPENT");
    expect(Number(refused!.retryAfter)).toBeGreaterThan(0);
    // People's lookups keep the rest of the window.
    const person = await syncLookup("10.0.0.77");
    expect(person.view.status).toBe("debts");
    const still = await api.POST("/lookups", { body: { vehicleId: vehicle!.id } });
    expect(still.response.status).toBe(429);
  });
});

describe("Idempotency-Key", () => {
  it("replays the first answer, refuses the key with another body, and runs once", async () => {
    const { db } = await import("@/lib/db/client");
    const api = apiClient(writeA);
    const key = randomUUID();
    const body = newClient();
    const first = await api.POST("/clients", { body, headers: { "idempotency-key": key } });
    const again = await api.POST("/clients", { body, headers: { "idempotency-key": key } });
    expect(first.response.status).toBe(201);
    expect(again.response.status).toBe(201);
    expect(again.response.headers.get("idempotent-replayed")).toBe("true");
    expect(again.data).toEqual(first.data);
    const other = await api.POST("/clients", {
      body: newClient(),
      headers: { "idempotency-key": key },
    });
    expect(other.response.status).toBe(422);
    expect(other.error?.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    const { documentIndex } = await import("@/lib/privacy");
    expect(
      await db.workspaceClient.count({ where: { cpfCnpjIndex: documentIndex(body.cpfCnpj) } }),
    ).toBe(1);
    // The stored answer names the client: sealed at rest like every personal column.
    const raw = await db.$queryRawUnsafe<{ body: string }[]>(
      `SELECT "body" FROM "ApiIdempotency" WHERE "key" = '${key}'`,
    );
    expect(raw[0]!.body).not.toContain("Maria");
    // Another key's same Idempotency-Key is its own.
    const theirs = await apiClient(writeB).POST("/clients", {
      body: newClient(),
      headers: { "idempotency-key": key },
    });
    expect(theirs.response.status).toBe(201);
    const bad = await api.POST("/clients", { body, headers: { "idempotency-key": "á" } });
    expect(bad.error?.error.code).toBe("IDEMPOTENCY_KEY_INVALID");
  });

  it("two requests with one key at once: one runs, the other is told to retry or gets its answer", async () => {
    const { db } = await import("@/lib/db/client");
    const { documentIndex } = await import("@/lib/privacy");
    const api = apiClient(writeA);
    const key = randomUUID();
    const body = newClient();
    const answers = await Promise.all(
      [1, 2, 3].map(() => api.POST("/clients", { body, headers: { "idempotency-key": key } })),
    );
    const statuses = answers.map((a) => a.response.status).sort();
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    for (const a of answers) {
      if (a.response.status === 409) {
        expect(a.error?.error.code).toBe("IDEMPOTENCY_IN_PROGRESS");
        expect(a.response.headers.get("retry-after")).toBe("1");
      } else expect(a.response.status).toBe(201);
    }
    const fresh = answers.filter(
      (a) => a.response.status === 201 && !a.response.headers.get("idempotent-replayed"),
    );
    expect(fresh).toHaveLength(1);
    expect(
      await db.workspaceClient.count({ where: { cpfCnpjIndex: documentIndex(body.cpfCnpj) } }),
    ).toBe(1);
  });

  it("a key held by an instance that died is free again once its lock lapses", async () => {
    const { db } = await import("@/lib/db/client");
    const { advanceClock, clock } = await import("@/lib/clock");
    const { createHash } = await import("node:crypto");
    const api = apiClient(writeA);
    const key = randomUUID();
    const body = newClient();
    const apiKeyId = (await db.apiKey.findFirstOrThrow({ where: { prefix: writeA.slice(0, 12) } }))
      .id;
    const url = "http://localhost:3999/api/v1/clients";
    await db.apiIdempotency.create({
      data: {
        apiKeyId,
        key,
        requestHash: createHash("sha256")
          .update(`POST /api/v1/clients\n${JSON.stringify(body)}`)
          .digest("hex"),
        lockedUntil: new Date(clock.now().getTime() + 60_000),
      },
    });
    void url;
    const held = await api.POST("/clients", { body, headers: { "idempotency-key": key } });
    expect(held.response.status).toBe(409);
    advanceClock(61_000);
    const taken = await api.POST("/clients", { body, headers: { "idempotency-key": key } });
    expect(taken.response.status).toBe(201);
  });
});

describe("limits", () => {
  it(`a key gets ${LIMIT} requests a minute with RateLimit headers, then 429 with Retry-After`, async () => {
    const { key } = await makeKey(cookieB, "read", "Limite");
    const api = apiClient(key);
    let last: Response | undefined;
    for (let i = 0; i < LIMIT; i++) {
      last = (await api.GET("/batches")).response;
      expect(last.status).toBe(200);
    }
    expect(last!.headers.get("ratelimit-policy")).toBe(`"key";q=${LIMIT};w=60`);
    expect(last!.headers.get("ratelimit")).toMatch(/^"key";r=0;t=\d+$/);
    const refused = await api.GET("/batches");
    expect(refused.response.status).toBe(429);
    expect(refused.error?.error.code).toBe("RATE_LIMITED");
    expect(Number(refused.response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.response.headers.get("ratelimit")).toMatch(/^"key";r=0;t=\d+$/);
    // Another key of the same account has its own count.
    expect((await apiClient(readA).GET("/batches")).response.status).toBe(200);
  });
});

describe("the OpenAPI document", () => {
  it("validates as OpenAPI 3.1, and the generated client's types are the document's", async () => {
    const doc = await openApiDoc();
    const result = await validateOpenApi(structuredClone(doc) as never);
    expect(result).toMatchObject({ valid: true });
    expect(readFileSync("tests/support/api-v1.d.ts", "utf8")).toBe(await apiTypesSource());
  });
});
