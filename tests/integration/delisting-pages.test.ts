import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../support/mail-harness";
import { pdfText, squeeze } from "../support/pdf-text";
import { cardToken, freshCheckout, json, pay, readPayment } from "../support/storefront-flow";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";
import { apiRequest, params } from "../support/upstream-helpers";

// What people see of the delisting checks (issue 47): the status API's `delisting` (only once the
// payment is settled), the comprovante's "Baixa confirmada pelo órgão em" (only when confirmed),
// the status page's third step per debt, and the link lists' marks. Payments are real card
// payments made and settled against the sandbox over HTTP; the DelistingWatch and DelistingDebt
// rows, which the engine (lib/delisting) writes in production, are seeded with Prisma.

let env: TestEnvironment;

beforeAll(async () => {
  env = await setupTestEnvironment({
    sandbox: { timeScale: 0.01 },
    env: {
      RATE_LIMIT_PAYMENTS: "1000",
      RATE_LIMIT_CARD_TOKENS: "1000",
      RATE_LIMIT_LOOKUPS: "1000",
      RATE_LIMIT_CHECKOUTS: "1000",
      LOG_LEVEL: "error",
    },
  });
});
afterAll(() => env.close());

const db = async () => (await import("@/lib/db/client")).db;

/** A card payment paid and then settled upstream (the status call is the settlement's writer). */
async function settledPayment(kind: "owner" | "share" = "owner") {
  const { token, fine, creatorCookie } = await freshCheckout(env, "10.0.0.1", { kind });
  const attemptId = crypto.randomUUID();
  const res = await pay(token, {
    attemptId,
    method: "credit_card",
    cardToken: await cardToken(token),
    installments: 1,
  });
  const view = await json<{ ref: string; status: string }>(res);
  expect(view.status).toBe("paid");
  const { checkPaymentNow } = await import("@/lib/payments/reconcile");
  const row = await eventually(
    async () => {
      await checkPaymentNow(
        await (await db()).payment.findUniqueOrThrow({ where: { externalId: attemptId } }),
      );
      const r = await (await db()).payment.findUniqueOrThrow({ where: { externalId: attemptId } });
      expect(r.liquidationStatus).toBe("settled");
      return r;
    },
    20_000,
    300,
  );
  return { ref: view.ref, rowId: row.id, fine, creatorCookie, token };
}

type Seed = {
  state: "checking" | "confirmed" | "still_listed" | "unverified";
  listedAmountCents?: number;
};

/** The rows the engine writes, in one of the four states (upserted: the engine may have made one). */
async function seedWatch(rowId: string, debtIds: string[], seed: Seed) {
  const d = await db();
  const decided = seed.state !== "checking";
  const data = {
    settledAt: new Date("2026-11-23T15:00:00Z"),
    status: decided ? "decided" : "checking",
    round: decided ? 3 : 2,
    verdict: decided ? seed.state : null,
    decidedAt: decided ? new Date("2026-12-02T14:00:00Z") : null,
    notBefore: decided ? null : new Date("2026-11-26T12:00:00Z"),
  };
  const watch = await d.delistingWatch.upsert({
    where: { paymentId: rowId },
    create: { paymentId: rowId, ...data },
    update: data,
  });
  await d.delistingDebt.deleteMany({ where: { watchId: watch.id } });
  for (const debtId of debtIds) {
    await d.delistingDebt.create({
      data: {
        watchId: watch.id,
        debtId,
        debtKey: `id:${debtId}`,
        state: seed.state,
        confirmedAt: seed.state === "confirmed" ? new Date("2026-11-25T13:00:00Z") : null,
        lastListedAt: seed.state === "still_listed" ? new Date("2026-12-02T14:00:00Z") : null,
        listedAmountCents: seed.listedAmountCents ?? null,
      },
    });
  }
}

async function comprovanteText(ref: string) {
  const { GET } = await import("@/app/api/payments/[paymentRef]/comprovante/route");
  const res = await GET(
    apiRequest(`/api/payments/${ref}/comprovante`, { method: "GET", ip: "10.0.0.1" }),
    params({ paymentRef: ref }),
  );
  expect(res.status).toBe(200);
  return squeeze(await pdfText(new Uint8Array(await res.arrayBuffer())));
}

/** The status page's receipt card as the server renders it, with what the API answers. */
async function pageText(ref: string) {
  const view = await json<Record<string, unknown>>(await readPayment(ref));
  const { Receipt } = await import("@/components/status/receipt");
  type Props = Parameters<typeof Receipt>[0];
  const html = renderToStaticMarkup(
    createElement(Receipt, {
      payment: view as Props["payment"],
      ...(view.delisting ? { delisting: view.delisting as Props["delisting"] } : {}),
    }),
  );
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

describe("the status API and page, and the comprovante", () => {
  it("the answer carries delisting only once settled and watched; each state in the API, the page and the PDF", async () => {
    // Unsettled: nothing, even with a watch row (no read is added to the unsettled polls).
    {
      const { token, fine } = await freshCheckout(env);
      const pix = await json<{ ref: string; status: string }>(
        await pay(token, { attemptId: crypto.randomUUID(), method: "pix" }),
      );
      expect(pix.status).toBe("awaiting_payment");
      const row = await (await db()).payment.findFirstOrThrow({ where: { publicRef: pix.ref } });
      await seedWatch(row.id, [fine.id], { state: "confirmed" });
      const view = await json<Record<string, unknown>>(await readPayment(pix.ref));
      expect(view.status).toBe("awaiting_payment");
      expect(view).not.toHaveProperty("delisting");
    }

    const { ref, rowId, fine } = await settledPayment();
    // A payment settled before the checks existed has no watch (the engine makes one at settlement).
    await (await db()).delistingWatch.deleteMany({ where: { paymentId: rowId } });
    const before = await json<Record<string, unknown>>(await readPayment(ref));
    expect(before).toMatchObject({ status: "paid", liquidationStatus: "settled" });
    expect(before).not.toHaveProperty("delisting");
    expect(await pageText(ref)).not.toMatch(/órgão/);

    await seedWatch(rowId, [fine.id], { state: "checking" });
    const checking = await json<{ delisting: Record<string, unknown> }>(await readPayment(ref));
    expect(checking.delisting).toMatchObject({
      state: "checking",
      checksDone: 1,
      nextCheckAt: "2026-11-26T12:00:00.000Z",
      debts: [{ debtId: fine.id, state: "checking" }],
    });
    expect(checking.delisting).not.toHaveProperty("evidence");
    expect(await pageText(ref)).toContain("Conferindo no órgão próxima conferência em 26/11");
    expect(await comprovanteText(ref)).not.toContain("Baixa confirmada pelo órgão");

    await seedWatch(rowId, [fine.id], { state: "still_listed", listedAmountCents: 12_345 });
    const listed = await json<{ delisting: Record<string, unknown> }>(await readPayment(ref));
    const payment = await (await db()).payment.findUniqueOrThrow({ where: { id: rowId } });
    expect(listed.delisting).toMatchObject({
      state: "still_listed",
      evidence: { paymentId: payment.paymentId, transactionId: payment.transactionId },
    });
    const listedPage = await pageText(ref);
    expect(listedPage).toContain("Ainda listado no órgão");
    expect(listedPage).toContain("O órgão agora lista R$ 123,45 para este débito.");
    expect(listedPage).toContain("Peça a baixa ao Detran-");
    expect(listedPage).toContain(payment.transactionId!);
    expect(await comprovanteText(ref)).not.toContain("Baixa confirmada pelo órgão");

    await seedWatch(rowId, [fine.id], { state: "unverified" });
    const unverifiedPage = await pageText(ref);
    expect(unverifiedPage).toContain("Não foi possível conferir no órgão");
    expect(unverifiedPage).toContain("O pagamento em si está correto");
    expect(await comprovanteText(ref)).not.toContain("Baixa confirmada pelo órgão");

    await seedWatch(rowId, [fine.id], { state: "confirmed" });
    const confirmed = await json<{ delisting: Record<string, unknown> }>(await readPayment(ref));
    expect(confirmed.delisting).toMatchObject({
      state: "confirmed",
      decidedAt: "2026-12-02T14:00:00.000Z",
      debts: [{ debtId: fine.id, state: "confirmed", confirmedAt: "2026-11-25T13:00:00.000Z" }],
    });
    expect(await pageText(ref)).toContain("Baixa confirmada pelo órgão em 25/11/2026");
    const pdf = await comprovanteText(ref);
    // The document: the decision's date; the debt: the check that found it gone.
    expect(pdf).toContain("Baixa confirmada pelo órgão em 02/12/2026");
    expect(pdf).toContain("Baixa confirmada pelo órgão em 25/11/2026");
  });
});

describe("the link lists", () => {
  it("'Meus links' marks a paid link by its delisting state, and a paid link without a watch has none", async () => {
    const { rowId, fine, creatorCookie } = await settledPayment("share");
    expect(creatorCookie).toBeTruthy();
    await (await db()).delistingWatch.deleteMany({ where: { paymentId: rowId } });
    const { GET } = await import("@/app/api/links/route");
    const links = async () =>
      (
        await json<{ links: { status: string; delisting?: string }[] }>(
          await GET(apiRequest("/api/links", { method: "GET", cookie: creatorCookie! })),
        )
      ).links;
    const [before] = await links();
    expect(before).toMatchObject({ status: "paid" });
    expect(before).not.toHaveProperty("delisting");
    for (const state of ["checking", "confirmed", "still_listed"] as const) {
      await seedWatch(rowId, [fine.id], { state });
      const [link] = await links();
      expect(link).toMatchObject({ status: "paid", delisting: state });
    }
  });
});
