import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";
import { CUSTOMER, freshCheckout, json, pay } from "../support/storefront-flow";
import { apiRequest, params } from "../support/upstream-helpers";

// The log written while a card payment goes through (debug level, so every upstream call is
// logged too) must hold no card number, no CVV and no CPF.

const CARD = SANDBOX_CARDS.visaPaid.number;
const CVV = "987"; // distinctive: the sandbox checks only the CVV's length
const CPFS = [SANDBOX_VEHICLES.syncAnswer.cpfCnpj, "52998224725", CUSTOMER.cpfCnpj];

let env: TestEnvironment;
let logFile: string;

beforeAll(async () => {
  logFile = path.resolve(`data/test/${crypto.randomUUID()}.log`);
  env = await setupTestEnvironment({
    sandbox: { timeScale: 0.01 },
    env: { LOG_FILE: logFile, LOG_LEVEL: "debug" },
  });
});
afterAll(() => env.close());

function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => stringsIn(v, out));
  else if (value && typeof value === "object")
    Object.values(value).forEach((v) => stringsIn(v, out));
  return out;
}

describe("logs during a card payment", () => {
  it("contain the request ids and the calls, but no card number, CVV or CPF", async () => {
    const { token } = await freshCheckout(env);
    const { POST } = await import("@/app/api/checkouts/[token]/card-token/route");
    const tokenRes = await POST(
      apiRequest(`/api/checkouts/${token}/card-token`, {
        body: { number: CARD, name: "TESTE SANDBOX", expiry: "12/2040", cvv: CVV },
      }),
      params({ token }),
    );
    expect(tokenRes.status).toBe(200);
    const { cardToken } = await json<{ cardToken: string }>(tokenRes);
    const payRes = await pay(token, {
      attemptId: crypto.randomUUID(),
      method: "credit_card",
      cardToken,
      installments: 1,
    });
    expect(payRes.status).toBe(201);

    expect(existsSync(logFile)).toBe(true);
    const text = readFileSync(logFile, "utf8");
    const lines = text
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(
      lines.some(
        (l) =>
          l.route === "POST /api/checkouts/[token]/card-token" && typeof l.requestId === "string",
      ),
    ).toBe(true);
    expect(lines.some((l) => l.operation === "card-token")).toBe(true);
    expect(lines.some((l) => l.operation === "payment")).toBe(true);

    expect(text).not.toContain(CARD);
    expect(text).not.toContain(cardToken);
    expect(text).not.toContain(token); // share tokens stay out too
    for (const cpf of CPFS) expect(text).not.toContain(cpf);
    expect(stringsIn(lines)).not.toContain(CVV);
    expect(text).not.toMatch(/"cvv"\s*:\s*"\d/);
  });
});
