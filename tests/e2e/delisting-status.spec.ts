import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { sqliteDate } from "@/lib/db/sqlite-date";
import { debtId } from "@/lib/sandbox/catalog/debts";
import { familyVehicle } from "@/lib/sandbox/catalog/family";
import { SANDBOX_CARD_DEFAULTS, SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { pdfText, squeeze } from "../support/pdf-text";
import { checkPage } from "./support/a11y";
import {
  checkoutViaApi,
  expectStatusPage,
  lookupViaApi,
  ORIGIN_HEADERS,
  ownFamilyPlate,
} from "./support/flow";
import { E2E_DB_FILE } from "./support/workspace";
import { expect, test } from "./support/test";

// Issue 47 on the phone: a card payment paid and settled, then each paid debt's third step on its
// status page, "Conferindo no órgão" through "Baixa confirmada pelo órgão em", and the PDF saying
// so. The DelistingWatch/DelistingDebt rows, which the engine (lib/delisting) writes in
// production, are written into the server's SQLite file (as tests/e2e/support/workspace.ts does).

type Seed = { state: "checking" | "confirmed"; debtId: string; paymentRef: string };

function seedDelisting({ state, debtId, paymentRef }: Seed): void {
  const sqlite = new Database(E2E_DB_FILE, { fileMustExist: true, timeout: 10_000 });
  try {
    const { id: paymentId } = sqlite
      .prepare('SELECT id FROM "Payment" WHERE "publicRef" = ?')
      .get(paymentRef) as { id: string };
    const decided = state === "confirmed";
    const day = (iso: string) => sqliteDate(new Date(iso));
    // Upserted: a server with the engine running has made the watch at settlement already.
    sqlite
      .prepare(
        `INSERT INTO "DelistingWatch" ("id", "paymentId", "settledAt", "status", "round", "verdict", "decidedAt", "notBefore")
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT ("paymentId") DO UPDATE SET "status" = excluded."status", "round" = excluded."round",
           "verdict" = excluded."verdict", "decidedAt" = excluded."decidedAt", "notBefore" = excluded."notBefore"`,
      )
      .run(
        randomUUID(),
        paymentId,
        day("2026-11-23T15:00:00Z"),
        decided ? "decided" : "checking",
        decided ? 2 : 1,
        decided ? "confirmed" : null,
        decided ? day("2026-11-25T13:00:00Z") : null,
        // A moment no engine reaches during the test: the rows stay as written.
        decided ? null : day("2099-11-24T12:00:00Z"),
      );
    const { id: watchId } = sqlite
      .prepare('SELECT id FROM "DelistingWatch" WHERE "paymentId" = ?')
      .get(paymentId) as { id: string };
    sqlite.prepare('DELETE FROM "DelistingDebt" WHERE "watchId" = ?').run(watchId);
    sqlite
      .prepare(
        `INSERT INTO "DelistingDebt" ("id", "watchId", "debtId", "debtKey", "state", "confirmedAt") VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(
        randomUUID(),
        watchId,
        debtId,
        `id:${debtId}`,
        state,
        decided ? day("2026-11-24T13:00:00Z") : null,
      );
  } finally {
    sqlite.close();
  }
}

test("a settled card payment: 'Conferindo no órgão', then 'Baixa confirmada pelo órgão em', on the page and in the PDF", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "one viewport is enough: the phone");
  const plate = ownFamilyPlate();
  const fine = debtId(plate, "fine-parking");
  const { lookupId } = await lookupViaApi(page.request, familyVehicle(plate)!);
  const token = await checkoutViaApi(page.request, lookupId, fine);
  const tokenized = await page.request.post(`/api/checkouts/${token}/card-token`, {
    headers: ORIGIN_HEADERS,
    data: {
      number: SANDBOX_CARDS.visaPaid.number,
      name: SANDBOX_CARD_DEFAULTS.cardholderName,
      expiry: SANDBOX_CARD_DEFAULTS.expirationDate,
      cvv: SANDBOX_CARDS.visaPaid.cvv,
    },
  });
  expect(tokenized.status(), await tokenized.text()).toBe(200);
  const paid = await page.request.post(`/api/checkouts/${token}/payments`, {
    headers: ORIGIN_HEADERS,
    data: {
      attemptId: randomUUID(),
      method: "credit_card",
      cardToken: ((await tokenized.json()) as { cardToken: string }).cardToken,
      installments: 1,
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const { ref } = (await paid.json()) as { ref: string };

  await page.goto(`/pagamento/${ref}`);
  await expectStatusPage(page);
  await expect(
    page.getByText("Todos os débitos foram quitados junto ao órgão de trânsito."),
  ).toBeVisible({ timeout: 45_000 });

  const receipt = page.getByRole("region", { name: "Comprovante", exact: true });
  seedDelisting({ state: "checking", debtId: fine, paymentRef: ref });
  await page.reload();
  await expect(receipt.getByText("Quitado", { exact: true })).toBeVisible();
  await expect(receipt.locator('[data-delisting="checking"]')).toHaveText(
    "Conferindo no órgão próxima conferência em 24/11",
  );
  await checkPage(page, testInfo, "60-delisting-checking");

  seedDelisting({ state: "confirmed", debtId: fine, paymentRef: ref });
  await page.reload();
  await expect(receipt.locator('[data-delisting="confirmed"]')).toHaveText(
    "Baixa confirmada pelo órgão em 24/11/2026",
  );
  await checkPage(page, testInfo, "61-delisting-confirmed");

  const pdf = await page.request.get(`/api/payments/${ref}/comprovante`);
  expect(pdf.status()).toBe(200);
  const text = squeeze(await pdfText(new Uint8Array(await pdf.body())));
  // The document names the decision's day; the debt, the check that found it gone.
  expect(text).toContain("Baixa confirmada pelo órgão em 25/11/2026");
  expect(text).toContain("Baixa confirmada pelo órgão em 24/11/2026");
});
