import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { catalogDebtIds } from "@/lib/sandbox/catalog/debts";
import {
  SANDBOX_VEHICLES,
  UNKNOWN_PLATE,
  type CatalogVehicle,
} from "@/lib/sandbox/catalog/vehicles";
import type { RunningSandbox } from "@/lib/sandbox/server";
import {
  client,
  sleep,
  startReceiver,
  startTestSandbox,
  TEST_KEYS,
  type Receiver,
} from "./sandbox-support";

const KEY = TEST_KEYS[1]!;
// 12:00 in Sao Paulo: outside the SP maintenance window; every date below derives from it.
const NOON = "2025-06-10T12:00:00-03:00";
let sb: RunningSandbox;
let api: ReturnType<typeof client>;
let rx: Receiver;

beforeAll(async () => {
  sb = await startTestSandbox();
  api = client(sb.url, KEY);
  rx = await startReceiver();
  expect((await api("/uvvi/v1/webhook-register", { body: { url: rx.url } })).status).toBe(200);
});
afterAll(async () => {
  await sb.close();
  await rx.close();
});
beforeEach(async () => {
  expect((await api("/__sandbox/clock", { body: { now: NOON } })).json.now).toBe(
    "2025-06-10T15:00:00.000Z",
  );
});

const bodyFor = (v: CatalogVehicle, extra: Record<string, unknown> = {}) => ({
  state: v.uf,
  licensePlate: v.plate,
  renavam: v.renavam,
  cpfCnpj: v.cpfCnpj,
  ...extra,
});

async function lookup(v: CatalogVehicle, extra: Record<string, unknown> = {}) {
  const r = await api("/uvvi/v1/debts", { body: bodyFor(v, extra) });
  expect(r.status).toBe(200);
  return r.json;
}

async function eventFor(ack: { transactionId: number }) {
  return (await rx.waitFor((e) => e.body.transactionId === ack.transactionId)).body;
}

const vehicleOf = (v: CatalogVehicle) => ({
  uf: v.uf,
  document: v.cpfCnpj,
  licensePlate: v.plate,
  renavam: v.renavam,
});
const day = (d: string) => `${d}T15:00:00.000Z`;

describe("debt lookup acknowledgment", () => {
  it("answers PROCESSING with an integer transactionId and the echoed externalId", async () => {
    const externalId = randomUUID();
    const ack = await lookup(SANDBOX_VEHICLES.noDebts, { externalId });
    expect(ack).toEqual({
      message: expect.any(String),
      transactionId: expect.any(Number),
      externalId,
      status: "PROCESSING",
    });
    expect(Number.isInteger(ack.transactionId)).toBe(true);
  });

  it("generates a UUID externalId when none is sent, and carries it in the webhook", async () => {
    const ack = await lookup(SANDBOX_VEHICLES.noDebts);
    expect(ack.externalId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect((await eventFor(ack)).externalId).toBe(ack.externalId);
  });

  it("the same externalId twice gives the same transactionId and only one lookup and webhook", async () => {
    const externalId = randomUUID();
    const first = await lookup(SANDBOX_VEHICLES.withDebts, { externalId });
    await eventFor(first);
    const second = await lookup(SANDBOX_VEHICLES.withDebts, { externalId });
    expect(second).toEqual(first);
    await sleep(150);
    expect(rx.received.filter((e) => e.body.externalId === externalId)).toHaveLength(1);
    const lookups = (await api("/__sandbox/lookups")).json.lookups.filter(
      (l: { externalId: string }) => l.externalId === externalId,
    );
    expect(lookups).toHaveLength(1);
  });
});

describe("lookup result events", () => {
  it("withDebts: the full debts event, every Debt field, dates derived from the clock", async () => {
    const v = SANDBOX_VEHICLES.withDebts;
    const ack = await lookup(v);
    const ev = await eventFor(ack);
    const id = catalogDebtIds("withDebts");
    const none = {
      hasDiscount: false,
      isExpired: false,
      year: null,
      required: false,
      dependsOn: [],
      distinct: [],
    };
    const parcela = (n: number, amount: number, due: string) => ({
      ...none,
      id: id[`ipva-current-parcela-${n}`],
      amount,
      title: `IPVA 2025 - Parcela ${n}/3`,
      description: `IPVA 2025 parcelado, parcela ${n} de 3`,
      type: "ipva",
      dueDate: day(due),
      expirationDate: day(due),
      year: 2025,
      distinct: [id["ipva-current-cota-unica"]],
    });
    expect(ev).toEqual({
      type: "debts",
      transactionId: ack.transactionId,
      externalId: ack.externalId,
      vehicle: vehicleOf(v),
      debts: [
        {
          ...none,
          id: id["fine-speed-discount"],
          amount: 78.1,
          title: "Multa - Velocidade até 20% acima da máxima",
          description: expect.any(String),
          type: "ticket",
          dueDate: day("2025-06-30"),
          expirationDate: day("2025-06-30"),
          hasDiscount: true,
          ait: "MG00123456",
        },
        {
          ...none,
          id: id["fine-red-light-expired"],
          amount: 311.27,
          title: "Multa - Avançar sinal vermelho",
          description: expect.any(String),
          type: "ticket",
          dueDate: day("2025-03-27"),
          expirationDate: day("2025-06-30"),
          isExpired: true,
          required: true,
          ait: "MG00987654",
        },
        {
          ...none,
          id: id["fine-parking"],
          amount: 195.23,
          title: "Multa - Estacionar em local proibido",
          description: expect.any(String),
          type: "ticket",
          dueDate: day("2025-07-15"),
          expirationDate: day("2025-07-15"),
          ait: "MG01357913",
        },
        {
          ...none,
          id: id["ipva-previous"],
          amount: 2104.88,
          title: "IPVA 2024 - Cota única",
          description: "IPVA 2024 vencido, com multa e juros",
          type: "ipva",
          dueDate: day("2024-01-31"),
          expirationDate: day("2025-06-30"),
          isExpired: true,
          year: 2024,
          required: true,
        },
        {
          ...none,
          id: id["ipva-current-cota-unica"],
          amount: 1843.27,
          title: "IPVA 2025 - Cota única",
          description: expect.any(String),
          type: "ipva",
          dueDate: day("2025-06-25"),
          expirationDate: day("2025-06-25"),
          hasDiscount: true,
          year: 2025,
          required: true,
          dependsOn: [id["ipva-previous"]],
          distinct: [
            id["ipva-current-parcela-1"],
            id["ipva-current-parcela-2"],
            id["ipva-current-parcela-3"],
          ],
        },
        parcela(1, 633.09, "2025-06-25"),
        parcela(2, 633.09, "2025-07-25"),
        parcela(3, 633.09, "2025-08-24"),
        {
          ...none,
          id: id["licensing-current"],
          amount: 161.81,
          title: "Licenciamento 2025",
          description: expect.any(String),
          type: "licensing",
          dueDate: day("2025-06-25"),
          expirationDate: day("2025-06-25"),
          year: 2025,
          required: true,
          dependsOn: [id["ipva-current-cota-unica"], id["fine-red-light-expired"]],
        },
        {
          ...none,
          id: id["service-crlv"],
          amount: 6.5,
          title: "Taxa de serviço - emissão do CRLV-e",
          description: expect.any(String),
          type: "service",
          dueDate: day("2025-06-25"),
          expirationDate: day("2025-06-25"),
          dependsOn: [id["licensing-current"]],
        },
      ],
    });
    for (const d of ev.debts) {
      expect(d.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(sb.ctx.store.debtsById.get(d.id)?.vehicle).toEqual({
        uf: v.uf,
        licensePlate: v.plate,
        renavam: v.renavam,
      });
    }
  });

  it.each(["spWithDebts", "cotaUnicaOnly", "cnpjOwner"] as const)(
    "%s: debts event with consistent rules",
    async (name) => {
      const v = SANDBOX_VEHICLES[name];
      const ack = await lookup(v);
      const ev = await eventFor(ack);
      expect(Object.keys(ev).sort()).toEqual([
        "debts",
        "externalId",
        "transactionId",
        "type",
        "vehicle",
      ]);
      expect(ev).toMatchObject({
        type: "debts",
        transactionId: ack.transactionId,
        externalId: ack.externalId,
        vehicle: vehicleOf(v),
      });
      const ids = new Set(ev.debts.map((d: { id: string }) => d.id));
      for (const d of ev.debts) {
        for (const dep of [...d.dependsOn, ...d.distinct]) expect(ids.has(dep)).toBe(true);
        for (const other of d.distinct)
          expect(ev.debts.find((x: { id: string }) => x.id === other).distinct).toContain(d.id);
        expect("ait" in d).toBe(d.type === "ticket");
      }
      const licensing = ev.debts.find((d: { type: string }) => d.type === "licensing");
      const cotaUnica = ev.debts.find(
        (d: { type: string; year: number; title: string }) =>
          d.type === "ipva" && d.year === 2025 && /Cota única/.test(d.title),
      );
      expect(licensing).toMatchObject({
        required: true,
        year: 2025,
        dependsOn: expect.arrayContaining([cotaUnica.id]),
      });
      const parcelas = ev.debts.filter((d: { title: string }) => /Parcela/.test(d.title));
      expect(parcelas).toHaveLength(name === "spWithDebts" ? 3 : 0);
    },
  );

  it("GO (cota unica only state) never offers IPVA installments", async () => {
    expect(SANDBOX_VEHICLES.cotaUnicaOnly.uf).toMatch(/^(GO|MA|MS|RS)$/);
    const ev = await eventFor(await lookup(SANDBOX_VEHICLES.cotaUnicaOnly));
    const ipva = ev.debts.filter((d: { type: string }) => d.type === "ipva");
    expect(ipva.length).toBeGreaterThan(0);
    for (const d of ipva) expect(d.title).toMatch(/Cota única/);
  });

  it("noDebts: VehicleWithoutDebts with the vehicle", async () => {
    const v = SANDBOX_VEHICLES.noDebts;
    const ack = await lookup(v);
    expect(await eventFor(ack)).toEqual({
      type: "VehicleWithoutDebts",
      transactionId: ack.transactionId,
      externalId: ack.externalId,
      vehicle: vehicleOf(v),
    });
  });

  it("notFoundInLookup: VehicleNotFound with no other field", async () => {
    const ack = await lookup(SANDBOX_VEHICLES.notFoundInLookup);
    expect(await eventFor(ack)).toEqual({
      type: "VehicleNotFound",
      transactionId: ack.transactionId,
      externalId: ack.externalId,
    });
  });

  it.each([
    ["authority900", "900"],
    ["authority901", "901"],
    ["authority902", "902"],
    ["authority903", "903"],
    ["enrichmentDown", "900"],
  ] as const)("%s: search-error-event %s", async (name, code) => {
    const ack = await lookup(SANDBOX_VEHICLES[name]);
    expect(await eventFor(ack)).toEqual({
      type: "search-error-event",
      transactionId: ack.transactionId,
      externalId: ack.externalId,
      status: "ERROR",
      error: [{ errorCode: code, message: expect.any(String) }],
    });
  });

  it("a renavam or document that does not match the vehicle, or an unknown plate -> VehicleNotFound", async () => {
    const v = SANDBOX_VEHICLES.withDebts;
    const others = [
      bodyFor(v, { cpfCnpj: SANDBOX_VEHICLES.noDebts.cpfCnpj }),
      bodyFor(v, { renavam: SANDBOX_VEHICLES.noDebts.renavam }),
      bodyFor(v, { state: "RJ" }),
      { ...bodyFor(v), licensePlate: UNKNOWN_PLATE },
    ];
    for (const body of others) {
      const ack = (await api("/uvvi/v1/debts", { body })).json;
      expect((await eventFor(ack)).type).toBe("VehicleNotFound");
    }
  });

  it("lookupNeverAnswers: acknowledged, then no webhook ever", async () => {
    const ack = await lookup(SANDBOX_VEHICLES.lookupNeverAnswers);
    expect(ack.status).toBe("PROCESSING");
    const control = await lookup(SANDBOX_VEHICLES.noDebts);
    await eventFor(control);
    await sleep(300);
    expect(rx.received.some((e) => e.body.transactionId === ack.transactionId)).toBe(false);
  });

  it("syncAnswer: synchronous variant with debts and totalAmount, no webhook", async () => {
    const r = await api("/uvvi/v1/debts", { body: bodyFor(SANDBOX_VEHICLES.syncAnswer) });
    expect(r.status).toBe(200);
    const id = catalogDebtIds("syncAnswer");
    expect(r.json).toEqual({
      success: true,
      transactionId: expect.any(Number),
      totalAmount: 2075.17,
      debts: [
        {
          id: id["fine-seatbelt"],
          amount: 195.23,
          title: expect.any(String),
          description: expect.any(String),
          type: "ticket",
          dueDate: day("2025-06-20"),
          isExpired: false,
        },
        {
          id: id["ipva-previous"],
          amount: 1876.44,
          title: "IPVA 2024 - Cota única",
          description: expect.any(String),
          type: "ipva",
          year: 2024,
          isExpired: true,
        },
        {
          id: id["service-fee"],
          amount: 3.5,
          title: "Taxa de serviço",
          description: expect.any(String),
          type: "service",
          dueDate: day("2025-06-20"),
          isExpired: false,
        },
      ],
    });
    expect(sb.ctx.store.debtsById.has(id["fine-seatbelt"]!)).toBe(true);
    await sleep(200);
    expect(rx.received.some((e) => e.body.transactionId === r.json.transactionId)).toBe(false);
  });
});

describe("SP maintenance window (00:00-06:59 America/Sao_Paulo)", () => {
  it.each([
    ["2025-06-10T00:00:00-03:00", "search-error-event"],
    ["2025-06-10T03:30:00-03:00", "search-error-event"],
    ["2025-06-10T06:59:59-03:00", "search-error-event"],
    ["2025-06-10T07:00:00-03:00", "debts"],
    ["2025-06-10T23:59:59-03:00", "debts"],
  ])("at %s -> %s", async (now, type) => {
    await api("/__sandbox/clock", { body: { now } });
    const ack = await lookup(SANDBOX_VEHICLES.spWithDebts);
    const ev = await eventFor(ack);
    expect(ev.type).toBe(type);
    if (type === "search-error-event")
      expect(ev.error).toEqual([{ errorCode: "903", message: expect.any(String) }]);
  });

  it("only SP: a MG vehicle at 03:00 still gets its debts; unpinning restores the real clock", async () => {
    await api("/__sandbox/clock", { body: { now: "2025-06-10T03:00:00-03:00" } });
    expect((await eventFor(await lookup(SANDBOX_VEHICLES.withDebts))).type).toBe("debts");
    const unpinned = await api("/__sandbox/clock", { body: { now: null } });
    expect(unpinned.json.pinned).toBe(false);
    expect(Math.abs(Date.parse(unpinned.json.now) - Date.now())).toBeLessThan(5000);
  });
});

describe("debt lookup validation -> 400 shape B naming fields", () => {
  const v = SANDBOX_VEHICLES.withDebts;
  const cases: [string, Record<string, unknown>, string[]][] = [
    ["empty body", {}, ["state", "licensePlate", "renavam", "cpfCnpj"]],
    ["bad state", bodyFor(v, { state: "XX" }), ["state"]],
    ["bad plate", bodyFor(v, { licensePlate: "AB-12345" }), ["licensePlate"]],
    [
      "renavam check digit",
      bodyFor(v, { renavam: v.renavam.slice(0, 10) + ((Number(v.renavam[10]) + 1) % 10) }),
      ["renavam"],
    ],
    ["renavam 10 digits", bodyFor(v, { renavam: v.renavam.slice(1) }), ["renavam"]],
    ["renavam as number", bodyFor(v, { renavam: 1234567803 }), ["renavam"]],
    ["CPF check digits", bodyFor(v, { cpfCnpj: "52998224724" }), ["cpfCnpj"]],
    ["CPF all same digit", bodyFor(v, { cpfCnpj: "11111111111" }), ["cpfCnpj"]],
    ["CPF formatted", bodyFor(v, { cpfCnpj: "529.982.247-25" }), ["cpfCnpj"]],
    ["CNPJ check digits", bodyFor(v, { cpfCnpj: "11222333000182" }), ["cpfCnpj"]],
    ["CNPJ all same digit", bodyFor(v, { cpfCnpj: "00000000000000" }), ["cpfCnpj"]],
    ["externalId not a UUID", bodyFor(v, { externalId: "order-42" }), ["externalId"]],
  ];
  it.each(cases)("%s", async (_label, body, fields) => {
    const r = await api("/uvvi/v1/debts", { body });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      success: false,
      error: {
        code: "VALIDATION_ERROR",
        message: expect.any(String),
        details: { fields: expect.any(Object) },
      },
    });
    expect(Object.keys(r.json.error.details.fields).sort()).toEqual([...fields].sort());
  });

  it("a check-digit failure says so", async () => {
    const r = await api("/uvvi/v1/debts", { body: bodyFor(v, { renavam: "01234567800" }) });
    expect(r.json.error.details.fields.renavam).toMatch(/check digit/);
  });

  it("accepts a hyphenated lower-case plate and answers with the normalized one", async () => {
    const ack = await lookup(v, { licensePlate: "mgd-1e23" });
    expect((await eventFor(ack)).vehicle.licensePlate).toBe(v.plate);
  });
});
