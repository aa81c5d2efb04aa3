import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientsCsv, clientsCsvRows, BAD_ROWS } from "../fixtures/workspace/make-clients-csv";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";
import { apiRequest, params } from "../support/upstream-helpers";
import { signIn } from "../support/workspace-auth";

// The despachante's clients and vehicles over the real route handlers and a real database (SQLite,
// and PostgreSQL in that project): two accounts that never see each other's rows, the spreadsheet
// import (50 rows, 5 bad; again without duplicates; every format Excel pt-BR writes), and the
// LGPD delete that takes vehicles, batch items, lookups and unpaid links with it.

let env: TestEnvironment;
let alice: string;
let bob: string;

beforeAll(async () => {
  env = await setupTestEnvironment({
    sandbox: { timeScale: 0.01 },
    env: { RATE_LIMIT_SIGN_IN: "1000", RATE_LIMIT_SIGN_IN_PER_EMAIL: "1000" },
  });
  alice = await signIn(`alice.${Date.now()}@despachante.test`);
  bob = await signIn(`bob.${Date.now()}@despachante.test`);
});
afterAll(() => env.close());

const clientsRoute = () => import("@/app/api/workspace/clients/route");
const clientRoute = () => import("@/app/api/workspace/clients/[clientId]/route");
const vehiclesRoute = () => import("@/app/api/workspace/clients/[clientId]/vehicles/route");
const vehicleRoute = () => import("@/app/api/workspace/vehicles/[vehicleId]/route");
const importRoute = () => import("@/app/api/workspace/clients/import/route");

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const body = async (res: Response) => (await res.json()) as Json;

async function importText(cookie: string, text: string) {
  const { POST } = await importRoute();
  return POST(apiRequest("/api/workspace/clients/import", { cookie, body: { text } }));
}
async function createClient(cookie: string, data: Json) {
  const { POST } = await clientsRoute();
  return POST(apiRequest("/api/workspace/clients", { cookie, body: data }));
}
const ANA = {
  name: "Ana Beatriz Souza",
  cpfCnpj: "529.982.247-25",
  phone: "(11) 98765-4321",
  email: "ana@exemplo.com",
};
const VEHICLE = { plate: "mgd-1e23", uf: "mg", renavam: "01234567803" };

describe("workspace clients: one account never reaches another's", () => {
  it("no session: 401 on every route, nothing written", async () => {
    const { GET, POST } = await clientsRoute();
    const c = await clientRoute();
    const v = await vehicleRoute();
    const answers = [
      await GET(apiRequest("/api/workspace/clients", { method: "GET" })),
      await POST(apiRequest("/api/workspace/clients", { body: ANA })),
      await c.GET(
        apiRequest("/api/workspace/clients/x", { method: "GET" }),
        params({ clientId: "x" }),
      ),
      await c.DELETE(
        apiRequest("/api/workspace/clients/x", { method: "DELETE" }),
        params({ clientId: "x" }),
      ),
      await v.PATCH(
        apiRequest("/api/workspace/vehicles/x", { method: "PATCH", body: VEHICLE }),
        params({ vehicleId: "x" }),
      ),
      await importText("", clientsCsv()),
    ];
    expect(answers.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401]);
    expect((await body(answers[0]!)).error.code).toBe("UNAUTHENTICATED");
    const { db } = await import("@/lib/db/client");
    const { documentIndex } = await import("@/lib/privacy");
    expect(
      await db.workspaceClient.count({ where: { cpfCnpjIndex: documentIndex("52998224725") } }),
    ).toBe(0);
  });

  it("B's client and vehicle with A's session: 404 exactly like a missing id, never B's data, nothing changed", async () => {
    const made = await createClient(bob, ANA);
    expect(made.status).toBe(201);
    const bobClient = (await body(made)).client;
    expect(bobClient.cpfCnpjMasked).toBe("***.982.247-**");
    expect(JSON.stringify(bobClient)).not.toContain("52998224725");
    const { POST: addVehicle } = await vehiclesRoute();
    const v = await addVehicle(
      apiRequest(`/api/workspace/clients/${bobClient.id}/vehicles`, { cookie: bob, body: VEHICLE }),
      params({ clientId: bobClient.id }),
    );
    expect(v.status).toBe(201);
    const bobVehicle = (await body(v)).vehicle;
    expect(bobVehicle).toMatchObject({ plate: "MGD1E23", uf: "MG", renavam: "01234567803" });

    const c = await clientRoute();
    const vr = await vehicleRoute();
    const missing = await c.GET(
      apiRequest("/api/workspace/clients/cmissing000000000000000", {
        method: "GET",
        cookie: alice,
      }),
      params({ clientId: "cmissing000000000000000" }),
    );
    const missingBody = await body(missing);
    const tries = [
      await c.GET(
        apiRequest(`/api/workspace/clients/${bobClient.id}`, { method: "GET", cookie: alice }),
        params({ clientId: bobClient.id }),
      ),
      await c.PATCH(
        apiRequest(`/api/workspace/clients/${bobClient.id}`, {
          method: "PATCH",
          cookie: alice,
          body: { ...ANA, name: "Roubado Silva" },
        }),
        params({ clientId: bobClient.id }),
      ),
      await c.DELETE(
        apiRequest(`/api/workspace/clients/${bobClient.id}`, { method: "DELETE", cookie: alice }),
        params({ clientId: bobClient.id }),
      ),
      await addVehicle(
        apiRequest(`/api/workspace/clients/${bobClient.id}/vehicles`, {
          cookie: alice,
          body: { ...VEHICLE, plate: "ABC1D23" },
        }),
        params({ clientId: bobClient.id }),
      ),
      await vr.PATCH(
        apiRequest(`/api/workspace/vehicles/${bobVehicle.id}`, {
          method: "PATCH",
          cookie: alice,
          body: { ...VEHICLE, uf: "SP" },
        }),
        params({ vehicleId: bobVehicle.id }),
      ),
      await vr.DELETE(
        apiRequest(`/api/workspace/vehicles/${bobVehicle.id}`, { method: "DELETE", cookie: alice }),
        params({ vehicleId: bobVehicle.id }),
      ),
    ];
    expect(missing.status).toBe(404);
    expect(tries.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404]);
    const bodies = await Promise.all(tries.map(body));
    for (const b of bodies) {
      expect(b.error.code).toBe("NOT_FOUND");
      expect(JSON.stringify(b)).not.toMatch(/Ana Beatriz|982\.247|MGD1E23/);
    }
    // The client routes answer another account's id exactly as a missing one.
    expect(bodies[0]!.error).toEqual(missingBody.error);
    // A's list is A's alone; B's rows are as B left them.
    const { GET } = await clientsRoute();
    const list = await body(
      await GET(apiRequest("/api/workspace/clients", { method: "GET", cookie: alice })),
    );
    expect(list.clients.map((x: Json) => x.id)).not.toContain(bobClient.id);
    const { db } = await import("@/lib/db/client");
    const still = await db.workspaceClient.findUniqueOrThrow({
      where: { id: bobClient.id },
      include: { vehicles: true },
    });
    expect(still.name).toBe("Ana Beatriz Souza");
    expect(still.vehicles.map((x) => [x.plate, x.uf])).toEqual([["MGD1E23", "MG"]]);
  });

  it("A may hold the same CPF and plate as B: uniqueness is per account", async () => {
    const res = await createClient(alice, ANA);
    expect(res.status).toBe(201);
    const id = (await body(res)).client.id;
    const { POST } = await vehiclesRoute();
    expect(
      (
        await POST(
          apiRequest(`/api/workspace/clients/${id}/vehicles`, { cookie: alice, body: VEHICLE }),
          params({ clientId: id }),
        )
      ).status,
    ).toBe(201);
    const again = await createClient(alice, { ...ANA, name: "Outra Pessoa" });
    expect(again.status).toBe(409);
    expect((await body(again)).error.code).toBe("CLIENT_EXISTS");
  });

  it("a cross-site write is refused before anything is read (Origin)", async () => {
    const { POST } = await clientsRoute();
    const res = await POST(
      apiRequest("/api/workspace/clients", {
        cookie: alice,
        origin: "https://evil.example",
        body: { ...ANA, cpfCnpj: "111.444.777-35" },
      }),
    );
    expect(res.status).toBe(403);
    const text = await importText(alice, "x");
    expect(text.status).not.toBe(403); // same origin passes the check (then fails on content)
    const { POST: imp } = await importRoute();
    const evil = await imp(
      apiRequest("/api/workspace/clients/import", {
        cookie: alice,
        origin: "https://evil.example",
        body: { text: clientsCsv() },
      }),
    );
    expect(evil.status).toBe(403);
  });
});

describe("workspace clients: forms' rules and conflicts", () => {
  it("validation errors name each field in pt-BR; a plate of another client is refused with that client's name", async () => {
    const bad = await createClient(alice, {
      name: "Ana",
      cpfCnpj: "123",
      phone: "1234",
      email: "x@",
    });
    expect(bad.status).toBe(400);
    expect((await body(bad)).error.fields).toEqual({
      name: "Informe nome e sobrenome.",
      cpfCnpj: "Informe um CPF (11 números) ou um CNPJ (14 números).",
      phone: "Celular inválido. Use DDD + 9 dígitos, como (11) 98765-4321.",
      email: "E-mail inválido. Confira o endereço, como nome@exemplo.com.",
    });
    const other = await body(
      await createClient(alice, { name: "Carlos Pereira", cpfCnpj: "111.444.777-35" }),
    );
    const { POST } = await vehiclesRoute();
    const taken = await POST(
      apiRequest(`/api/workspace/clients/${other.client.id}/vehicles`, {
        cookie: alice,
        body: VEHICLE,
      }),
      params({ clientId: other.client.id }),
    );
    expect(taken.status).toBe(409);
    const t = await body(taken);
    expect(t.error.code).toBe("PLATE_TAKEN");
    expect(t.error.message).toContain("Ana Beatriz Souza");
  });

  it("edit replaces the fields (empty phone and e-mail clear them) and the GET shows the whole CPF only in `edit`", async () => {
    const made = await body(
      await createClient(alice, {
        name: "Edna Freitas",
        cpfCnpj: "390.533.447-05",
        phone: "11 91234-5678",
        email: "edna@exemplo.com",
      }),
    );
    const c = await clientRoute();
    const res = await c.PATCH(
      apiRequest(`/api/workspace/clients/${made.client.id}`, {
        method: "PATCH",
        cookie: alice,
        body: { name: "Edna Freitas Lima", cpfCnpj: "39053344705", phone: "", email: "" },
      }),
      params({ clientId: made.client.id }),
    );
    expect(res.status).toBe(200);
    const got = await body(
      await c.GET(
        apiRequest(`/api/workspace/clients/${made.client.id}`, { method: "GET", cookie: alice }),
        params({ clientId: made.client.id }),
      ),
    );
    expect(got.client).toMatchObject({
      name: "Edna Freitas Lima",
      cpfCnpjMasked: "***.533.447-**",
      phone: null,
      email: null,
    });
    expect(JSON.stringify(got.client)).not.toContain("39053344705");
    expect(got.edit).toEqual({
      name: "Edna Freitas Lima",
      cpfCnpj: "39053344705",
      phone: "",
      email: "",
    });
  });

  it("editing a vehicle: a plate of another of the account's vehicles is refused, a good edit is saved normalized", async () => {
    const email = `edit.${Date.now()}@despachante.test`;
    const cookie = await signIn(email);
    const one = await body(
      await createClient(cookie, { name: "Lia Campos", cpfCnpj: "111.444.777-35" }),
    );
    const { POST } = await vehiclesRoute();
    const add = async (plate: string) =>
      (
        await body(
          await POST(
            apiRequest(`/api/workspace/clients/${one.client.id}/vehicles`, {
              cookie,
              body: { ...VEHICLE, plate },
            }),
            params({ clientId: one.client.id }),
          ),
        )
      ).vehicle;
    const a = await add("AAA1A11");
    const b = await add("BBB2B22");
    const vr = await vehicleRoute();
    const clash = await vr.PATCH(
      apiRequest(`/api/workspace/vehicles/${b.id}`, {
        method: "PATCH",
        cookie,
        body: { ...VEHICLE, plate: "aaa1a11" },
      }),
      params({ vehicleId: b.id }),
    );
    expect(clash.status).toBe(409);
    expect((await body(clash)).error.fields).toEqual({
      plate: "Placa já cadastrada para Lia Campos.",
    });
    const ok = await vr.PATCH(
      apiRequest(`/api/workspace/vehicles/${b.id}`, {
        method: "PATCH",
        cookie,
        body: { plate: "ccc-3333", uf: "sp", renavam: "00987654322" },
      }),
      params({ vehicleId: b.id }),
    );
    expect(ok.status).toBe(200);
    expect((await body(ok)).vehicle).toMatchObject({
      plate: "CCC3333",
      plateLabel: "CCC-3333",
      uf: "SP",
      renavam: "00987654322",
    });
    // Its own plate again is no conflict.
    expect(
      (
        await vr.PATCH(
          apiRequest(`/api/workspace/vehicles/${a.id}`, {
            method: "PATCH",
            cookie,
            body: { ...VEHICLE, plate: "AAA1A11", uf: "RJ" },
          }),
          params({ vehicleId: a.id }),
        )
      ).status,
    ).toBe(200);
  });
});

describe("workspace import", () => {
  it("50 vehicles with 5 bad rows: 45 in, 5 rejections with line, column and reason; again: nothing duplicated", async () => {
    const email = `import.${Date.now()}@despachante.test`;
    const cookie = await signIn(email);
    const csv = readFileSync("tests/fixtures/workspace/clientes-50-veiculos.csv", "utf8");
    expect(csv).toBe(clientsCsv()); // the committed fixture is what the generator writes
    const first = await importText(cookie, csv);
    expect(first.status).toBe(200);
    const r = await body(first);
    expect(r).toMatchObject({
      delimiter: ";",
      rows: 50,
      accepted: 45,
      rejected: 5,
      clients: { created: 45, updated: 0, unchanged: 0 },
      vehicles: { created: 45, updated: 0, unchanged: 0, moved: 0 },
    });
    expect(r.rejections.map((x: Json) => x.line)).toEqual(Object.keys(BAD_ROWS).map(Number));
    for (const rej of r.rejections) {
      const want = BAD_ROWS[rej.line as keyof typeof BAD_ROWS];
      expect(rej.problems[0].column).toBe(want.column);
      expect(rej.problems[0].reason).toContain(want.reason);
    }
    const { db } = await import("@/lib/db/client");
    const owner = (await db.user.findUniqueOrThrow({ where: { email } })).id;
    expect(await db.workspaceVehicle.count({ where: { userId: owner } })).toBe(45);

    const again = await body(await importText(cookie, csv));
    expect(again).toMatchObject({
      accepted: 45,
      rejected: 5,
      clients: { created: 0, updated: 0, unchanged: 45 },
      vehicles: { created: 0, updated: 0, unchanged: 45 },
    });
    expect(await db.workspaceClient.count({ where: { userId: owner } })).toBe(45);
    expect(await db.workspaceVehicle.count({ where: { userId: owner } })).toBe(45);
  });

  it("the same sheet as BOM+`;`, `,` without BOM and a tab paste: same rows; a changed row updates, a plate listed under another client moves", async () => {
    const cookie = await signIn(`formats.${Date.now()}@despachante.test`);
    const rows = clientsCsvRows().slice(0, 5); // line 7 (a bad one) is row index 5: all good here
    const header = ["nome", "cpf_cnpj", "telefone", "email", "placa", "uf", "renavam"];
    const quote = (c: string) => (c.includes(",") ? `"${c}"` : c);
    const semi = `\uFEFF${[header, ...rows].map((r) => r.join(";")).join("\r\n")}`;
    const comma = [header, ...rows].map((r) => r.map(quote).join(",")).join("\n");
    const tab = [header, ...rows].map((r) => r.join("\t")).join("\n");
    const a = await body(await importText(cookie, semi));
    expect(a).toMatchObject({ delimiter: ";", accepted: 5, vehicles: { created: 5 } });
    const b = await body(await importText(cookie, comma));
    expect(b).toMatchObject({
      delimiter: ",",
      accepted: 5,
      vehicles: { created: 0, unchanged: 5 },
      clients: { created: 0, unchanged: 5 },
    });
    const changed = rows.map((r) => [...r]);
    changed[0]![0] = "Nome Novo Ferreira";
    changed[1]![1] = changed[0]![1]!; // row 2's vehicle now belongs to row 1's client
    const c = await body(
      await importText(cookie, [header, ...changed].map((r) => r.join("\t")).join("\n")),
    );
    expect(c).toMatchObject({
      delimiter: "\t",
      accepted: 5,
      clients: { updated: 1 },
      vehicles: { created: 0, updated: 1, moved: 1 },
    });
    // Row 3 now names row 2's CPF with its own name, phone and e-mail: kept from row 2, each said.
    expect(c.warnings.map((w: Json) => [w.line, w.column])).toEqual([
      [3, "nome"],
      [3, "telefone"],
      [3, "email"],
    ]);
    expect((await body(await importText(cookie, tab))).vehicles).toMatchObject({
      created: 0,
      moved: 1,
    });
  });

  it("refuses a sheet without the required columns, an empty one, more than 2,000 rows and more than 1 MB, saying why", async () => {
    const bad = await importText(alice, "nome;email\nAna Souza;a@b.com");
    expect(bad.status).toBe(422);
    const b = await body(bad);
    expect(b.error.code).toBe("IMPORT_COLUMNS");
    expect(b.error.message).toMatch(/cpf_cnpj, placa, uf, renavam/);
    expect((await body(await importText(alice, "   "))).error.code).toBe("IMPORT_EMPTY");
    const many = [
      "nome;cpf;placa;uf;renavam",
      ...Array.from(
        { length: 2001 },
        (_, i) => `Ana Souza;52998224725;AAA${String(i).padStart(4, "0")};SP;01234567803`,
      ),
    ].join("\n");
    const tooMany = await importText(alice, many);
    expect(tooMany.status).toBe(413);
    expect((await body(tooMany)).error.message).toMatch(/2001 linhas; o limite é 2000/);
    const huge = await importText(alice, `nome;cpf;placa;uf;renavam\n${"x".repeat(1024 * 1024)}`);
    expect(huge.status).toBe(413);
    expect((await body(huge)).error.code).toBe("IMPORT_TOO_LARGE");
    // A body far past the cap, with no Content-Length to trust: refused while reading.
    const { POST } = await importRoute();
    const stream = new ReadableStream({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode(`{"text":"${"y".repeat(256 * 1024)}`));
      },
    });
    const flood = await POST(
      new Request("http://localhost:3999/api/workspace/clients/import", {
        method: "POST",
        body: stream,
        duplex: "half",
        headers: {
          "content-type": "application/json",
          origin: "http://localhost:3999",
          host: "localhost:3999",
          cookie: alice,
        },
      } as RequestInit),
    );
    expect(flood.status).toBe(413);
  });

  it("two imports of the same new sheet at once duplicate nothing", async () => {
    const email = `race.${Date.now()}@despachante.test`;
    const cookie = await signIn(email);
    const csv = clientsCsv();
    const [x, y] = await Promise.all([importText(cookie, csv), importText(cookie, csv)]);
    expect([x.status, y.status]).toEqual([200, 200]);
    const [bx, by] = [await body(x), await body(y)];
    expect(bx.vehicles.created + by.vehicles.created).toBe(45);
    const { db } = await import("@/lib/db/client");
    const userId = (await db.user.findUniqueOrThrow({ where: { email } })).id;
    expect(await db.workspaceVehicle.count({ where: { userId } })).toBe(45);
    expect(await db.workspaceClient.count({ where: { userId } })).toBe(45);
  });
});

describe("deleting a client (LGPD)", () => {
  it("takes its vehicles, batch items, their lookups and unpaid links in one go; a paid link stays as a record, detached", async () => {
    const email = `lgpd.${Date.now()}@despachante.test`;
    const cookie = await signIn(email);
    const { db } = await import("@/lib/db/client");
    const userId = (await db.user.findUniqueOrThrow({ where: { email } })).id;
    await importText(cookie, clientsCsv());
    const [gone, kept] = await db.workspaceClient.findMany({
      where: { userId },
      include: { vehicles: true },
      orderBy: { createdAt: "asc" },
      take: 2,
    });
    // A second vehicle for the client that goes, so the cascade has more than one.
    const { POST: addVehicle } = await vehiclesRoute();
    expect(
      (
        await addVehicle(
          apiRequest(`/api/workspace/clients/${gone!.id}/vehicles`, {
            cookie,
            body: { plate: "QWE1R23", uf: "SP", renavam: "00987654322" },
          }),
          params({ clientId: gone!.id }),
        )
      ).status,
    ).toBe(201);
    const vehicles = await db.workspaceVehicle.findMany({
      where: { clientId: { in: [gone!.id, kept!.id] } },
    });
    const lookup = (plate: string) =>
      db.lookup.create({
        data: {
          externalId: crypto.randomUUID(),
          uf: "MG",
          plate,
          renavam: "01234567803",
          cpfCnpj: "52998224725",
          status: "debts",
        },
      });
    const batch = await db.lookupBatch.create({ data: { userId } });
    const lookups = new Map<string, string>();
    for (const v of vehicles) {
      const l = await lookup(v.plate);
      lookups.set(v.id, l.id);
      await db.lookupBatchItem.create({
        data: { batchId: batch.id, vehicleId: v.id, status: "done", lookupId: l.id },
      });
    }
    const goneVehicle = vehicles.find((v) => v.clientId === gone!.id)!;
    const link = async (clientId: string, lookupId: string, payment?: string) => {
      const c = await db.checkout.create({
        data: {
          publicToken: crypto.randomUUID(),
          upstreamCheckoutId: crypto.randomUUID(),
          lookupId,
          amountCents: 1000,
          expiresAt: new Date(Date.now() + 86_400_000),
          customerName: "X Y",
          customerEmail: "x@y.com",
          customerCpfCnpj: "52998224725",
          customerPhone: "11987654321",
          plate: "ABC1234",
          renavam: "01234567803",
          uf: "MG",
          kind: "share",
          ownerUserId: userId,
          clientId,
        },
      });
      if (payment)
        await db.payment.create({
          data: {
            externalId: crypto.randomUUID(),
            checkoutId: c.id,
            method: "pix",
            status: payment,
          },
        });
      return c.id;
    };
    const paidLookup = (await lookup("PAI1D00")).id;
    const openLink = await link(gone!.id, lookups.get(goneVehicle.id)!);
    const refusedLink = await link(gone!.id, lookups.get(goneVehicle.id)!, "refused");
    const paidLink = await link(gone!.id, paidLookup, "paid");
    const pendingLink = await link(gone!.id, paidLookup, "awaiting_payment");
    const otherLink = await link(
      kept!.id,
      lookups.get(vehicles.find((v) => v.clientId === kept!.id)!.id)!,
    );

    // B cannot delete it (404, nothing gone); A can.
    const c = await clientRoute();
    expect(
      (
        await c.DELETE(
          apiRequest(`/api/workspace/clients/${gone!.id}`, { method: "DELETE", cookie: bob }),
          params({ clientId: gone!.id }),
        )
      ).status,
    ).toBe(404);
    const res = await c.DELETE(
      apiRequest(`/api/workspace/clients/${gone!.id}`, { method: "DELETE", cookie }),
      params({ clientId: gone!.id }),
    );
    expect(res.status).toBe(200);
    expect((await body(res)).deleted).toEqual({
      vehicles: 2,
      lookups: 2,
      linksDeleted: 2,
      linksKept: 2,
    });

    const goneIds = vehicles.filter((v) => v.clientId === gone!.id).map((v) => v.id);
    expect(await db.workspaceClient.count({ where: { id: gone!.id } })).toBe(0);
    expect(await db.workspaceVehicle.count({ where: { id: { in: goneIds } } })).toBe(0);
    expect(await db.lookupBatchItem.count({ where: { vehicleId: { in: goneIds } } })).toBe(0);
    expect(
      await db.lookup.count({ where: { id: { in: goneIds.map((id) => lookups.get(id)!) } } }),
    ).toBe(0);
    expect(await db.checkout.count({ where: { id: { in: [openLink, refusedLink] } } })).toBe(0);
    const records = await db.checkout.findMany({
      where: { id: { in: [paidLink, pendingLink] } },
      include: { payments: true },
    });
    expect(records.map((r) => [r.clientId, r.ownerUserId, r.payments.length])).toEqual([
      [null, userId, 1],
      [null, userId, 1],
    ]);
    expect(await db.lookup.count({ where: { id: paidLookup } })).toBe(1); // the paid record needs it
    // The other client, its vehicle, batch item, lookup and link are untouched.
    expect(await db.workspaceClient.count({ where: { id: kept!.id } })).toBe(1);
    expect(await db.checkout.findUniqueOrThrow({ where: { id: otherLink } })).toMatchObject({
      clientId: kept!.id,
    });
    expect(await db.lookupBatchItem.count({ where: { batchId: batch.id } })).toBe(1);
    // Deleted means gone: a second delete is a 404.
    expect(
      (
        await c.DELETE(
          apiRequest(`/api/workspace/clients/${gone!.id}`, { method: "DELETE", cookie }),
          params({ clientId: gone!.id }),
        )
      ).status,
    ).toBe(404);
  });

  it("deleting one vehicle takes its batch items and lookups, and leaves the client", async () => {
    const email = `veh.${Date.now()}@despachante.test`;
    const cookie = await signIn(email);
    const made = await body(await createClient(cookie, ANA));
    const { POST } = await vehiclesRoute();
    const v = (
      await body(
        await POST(
          apiRequest(`/api/workspace/clients/${made.client.id}/vehicles`, {
            cookie,
            body: VEHICLE,
          }),
          params({ clientId: made.client.id }),
        ),
      )
    ).vehicle;
    const { db } = await import("@/lib/db/client");
    const userId = (await db.user.findUniqueOrThrow({ where: { email } })).id;
    const l = await db.lookup.create({
      data: {
        externalId: crypto.randomUUID(),
        uf: "MG",
        plate: "MGD1E23",
        renavam: "01234567803",
        cpfCnpj: "52998224725",
      },
    });
    const batch = await db.lookupBatch.create({
      data: { userId, items: { create: { vehicleId: v.id, lookupId: l.id } } },
    });
    const vr = await vehicleRoute();
    expect(
      (
        await vr.DELETE(
          apiRequest(`/api/workspace/vehicles/${v.id}`, { method: "DELETE", cookie }),
          params({ vehicleId: v.id }),
        )
      ).status,
    ).toBe(200);
    expect(await db.lookupBatchItem.count({ where: { batchId: batch.id } })).toBe(0);
    expect(await db.lookup.count({ where: { id: l.id } })).toBe(0);
    expect(await db.workspaceClient.count({ where: { id: made.client.id } })).toBe(1);
  });
});
