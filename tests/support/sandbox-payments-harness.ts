// A real sandbox over HTTP plus a local webhook receiver, for the payment contract tests.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { DEFAULT_SANDBOX_API_KEY } from "@/lib/sandbox/app";
import type { SandboxDebt, WebhookPayload } from "@/lib/sandbox/context";
import { SANDBOX_VEHICLES, type CatalogVehicle } from "@/lib/sandbox/catalog/vehicles";
import {
  SANDBOX_CARD_DEFAULTS,
  SANDBOX_CARDS,
  type SandboxCard,
} from "@/lib/sandbox/payments/cards-catalog";
import { startSandbox, type StartSandboxOptions } from "@/lib/sandbox/server";

export const KEY = DEFAULT_SANDBOX_API_KEY;
export const OTHER_KEY = "sk_test_other_partner";

/** A valid customer; override members to test the checkout's validation. */
export function customerFixture(
  overrides: Partial<Record<"name" | "email" | "cpfCnpj" | "phone", string>> = {},
) {
  return {
    name: "Maria da Silva",
    email: "maria@example.com",
    cpfCnpj: "529.982.247-25",
    phone: "(31) 98765-4321",
    ...overrides,
  };
}

export function vehicleOf(v: CatalogVehicle = SANDBOX_VEHICLES.withDebts) {
  return { licensePlate: v.plate, renavam: v.renavam, uf: v.uf };
}

// Replies are read field by field and each field asserted; typing them would restate the very
// contract the tests check, so the body is deliberately loose.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Reply = { status: number; body: any; ms: number };

type Received = { payload: WebhookPayload; at: number };

async function startReceiver() {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk) => (text += chunk));
    req.on("end", () => {
      received.push({ payload: JSON.parse(text) as WebhookPayload, at: Date.now() });
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ received: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function startHarness(options: StartSandboxOptions = {}) {
  const receiver = await startReceiver();
  const sandbox = await startSandbox({
    port: 0,
    latencyScale: 0,
    timeScale: 1 / 600,
    withheldPaymentMs: 300,
    apiKeys: [KEY, OTHER_KEY],
    ...options,
  });

  async function post(path: string, body?: unknown, key: string = KEY): Promise<Reply> {
    const started = Date.now();
    const res = await fetch(sandbox.url + path, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json(), ms: Date.now() - started };
  }

  /** Payloads received so far, optionally only those matching. */
  function events(match: (p: WebhookPayload) => boolean = () => true): WebhookPayload[] {
    return receiver.received.map((r) => r.payload).filter(match);
  }

  async function waitFor<T>(probe: () => T | undefined | false, timeoutMs = 5_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = probe();
      if (value) return value;
      if (Date.now() > deadline) throw new Error("waitFor: timed out");
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  const paymentEvents = (paymentId: string) =>
    events((p) => p.type === "payment-status-update" && p.paymentId === paymentId);

  /** Clears the sandbox (payments hold debts) and registers the receiver again. */
  async function reset(): Promise<void> {
    await post("/__sandbox/reset");
    receiver.received.length = 0;
    for (const key of [KEY, OTHER_KEY])
      await post("/uvvi/v1/webhook-register", { url: receiver.url }, key);
  }

  /** A real debt lookup; resolves with the debts of the `debts` webhook. */
  async function lookup(
    vehicle: CatalogVehicle = SANDBOX_VEHICLES.withDebts,
    key = KEY,
  ): Promise<SandboxDebt[]> {
    const externalId = randomUUID();
    const ack = await post(
      "/uvvi/v1/debts",
      {
        state: vehicle.uf,
        licensePlate: vehicle.plate,
        renavam: vehicle.renavam,
        cpfCnpj: vehicle.cpfCnpj,
        externalId,
      },
      key,
    );
    if (ack.status !== 200) throw new Error(`lookup failed: ${JSON.stringify(ack.body)}`);
    const event = await waitFor(
      () => events((p) => p.type === "debts" && p.externalId === externalId)[0],
    );
    return event.debts as SandboxDebt[];
  }

  /** Debt id by title prefix (the catalog's titles are stable). */
  function pick(debts: SandboxDebt[], title: string): SandboxDebt {
    const d = debts.find((x) => x.title.startsWith(title));
    if (!d) throw new Error(`no debt titled ${title}`);
    return d;
  }

  async function tokenize(card: SandboxCard, key = KEY): Promise<string> {
    const r = await post(
      "/uvvi/v1/card-token",
      { cardNumber: card.number, cvv: card.cvv, ...SANDBOX_CARD_DEFAULTS },
      key,
    );
    if (r.status !== 200) throw new Error(`tokenize failed: ${JSON.stringify(r.body)}`);
    return r.body.data.token as string;
  }

  /** One-installment card payment of a sandbox checkout (tokenized with `card`): the sandbox's reply. */
  async function payByCard(
    checkoutId: string,
    card: SandboxCard = SANDBOX_CARDS.visaPaid,
    key = KEY,
  ): Promise<Reply> {
    return post(
      "/uvvi/v1/payment",
      {
        checkoutId,
        paymentMethod: "credit_card",
        cardToken: await tokenize(card, key),
        installments: 1,
      },
      key,
    );
  }

  async function checkout(
    debtIds: string[],
    vehicle: CatalogVehicle = SANDBOX_VEHICLES.withDebts,
    key = KEY,
  ): Promise<Reply> {
    return post(
      "/uvvi/v1/checkout",
      { debts: debtIds, customer: customerFixture(), vehicle: vehicleOf(vehicle) },
      key,
    );
  }

  return {
    url: sandbox.url,
    ctx: sandbox.ctx,
    receiver,
    post,
    events,
    paymentEvents,
    waitFor,
    reset,
    lookup,
    pick,
    tokenize,
    payByCard,
    checkout,
    async close() {
      await sandbox.close();
      await receiver.close();
    },
  };
}

export type Harness = Awaited<ReturnType<typeof startHarness>>;
