import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import type { Page, TestInfo } from "@playwright/test";
import { familyVehicle } from "@/lib/sandbox/catalog/family";
import { E2E_PORT } from "../../playwright.config";
import { checkPage } from "./support/a11y";
import { expectHydrated, fillLookupDocs } from "./support/flow";
import { checkMailboxMessage } from "./support/mailbox";
import { SANDBOX_URL } from "./support/sandbox";
import { expect, test } from "./support/test";

// Radar for the vehicle's owner, in Chromium against the production server: after a lookup the
// owner asks for alerts, confirms from the mailbox, receives the new-fine e-mail once (the sandbox
// holds this spec's own RDR… plate on day 1 for the lookup, then on day 2, when fine F2 appears),
// follows its fresh-lookup link, unsubscribes from it and receives nothing more; the stored data is
// gone. Every owner page state is checked with axe and screenshotted at phone and desktop width.

const DB = `data/e2e-${E2E_PORT}.db`;
const FRAME = 'iframe[title="Versão HTML do e-mail"]';
const sandboxHeaders = { "x-api-key": "sk_test_sandbox_default" };

/** An RDR…O.. plate of this test and project alone ("O" for owner: other Radar specs pick other letters). */
function ownRadarPlate(testInfo: TestInfo): string {
  const h = createHash("sha256")
    .update(`${testInfo.titlePath.join(" / ")}|${testInfo.project.name}|${testInfo.retry}`)
    .digest();
  return `RDR${(h[0] ?? 0) % 10}O${String((h[1] ?? 0) % 100).padStart(2, "0")}`;
}

async function pinDay(page: Page, plate: string, day: number | null) {
  const res = await page.request.post(`${SANDBOX_URL}/__sandbox/timeline`, {
    headers: sandboxHeaders,
    data: { plate, day },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The links of the message open in the mailbox, read from its HTML. */
async function linksOfOpenMessage(page: Page): Promise<string[]> {
  const html = (await page.locator(FRAME).getAttribute("srcdoc")) ?? "";
  return [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
}

const radarMailCount = (page: Page, to: string, subject: RegExp) =>
  page.goto("/dev/mailbox").then(() =>
    page
      .getByRole("link")
      .filter({ hasText: subject })
      .filter({ hasText: `Para ${to}` })
      .count(),
  );

type WatchRow = {
  id: string;
  status: string;
  stopReason: string | null;
  plate: string;
  renavam: string;
  cpfCnpj: string;
  email: string;
  emailIndex: string | null;
  cpfCnpjIndex: string | null;
  personalDataErasedAt: number | null;
};

function storedWatch(unsubscribeToken: string) {
  const sqlite = new Database(DB, { readonly: true, fileMustExist: true });
  try {
    const hash = createHash("sha256").update(unsubscribeToken).digest("hex");
    const watch = sqlite
      .prepare(`SELECT * FROM "RadarWatch" WHERE "unsubscribeTokenHash" = ?`)
      .get(hash) as WatchRow | undefined;
    if (!watch) return null;
    const events = (
      sqlite
        .prepare(`SELECT COUNT(*) AS n FROM "RadarEvent" WHERE "watchId" = ?`)
        .get(watch.id) as { n: number }
    ).n;
    const scanLookups = sqlite
      .prepare(
        `SELECT l."cpfCnpj", l."renavam" FROM "RadarScan" s JOIN "Lookup" l ON l."id" = s."lookupId" WHERE s."watchId" = ?`,
      )
      .all(watch.id) as { cpfCnpj: string; renavam: string }[];
    return { watch, events, scanLookups };
  } finally {
    sqlite.close();
  }
}

test("an owner subscribes after a lookup, confirms, gets the new fine once, unsubscribes and is erased", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const plate = ownRadarPlate(testInfo);
  const v = familyVehicle(plate)!;
  const to = `dono.${plate.toLowerCase()}.${Date.now().toString(36)}@example.com`;
  await pinDay(page, plate, 1);
  try {
    // The lookup the owner makes: the watch's baseline.
    await page.goto(`/consulta?placa=${v.plate}&uf=${v.uf}`);
    await expectHydrated(page, "Consultar débitos");
    await fillLookupDocs(page, v.renavam, v.cpfCnpj);
    await page.getByRole("button", { name: "Consultar débitos" }).click();
    await page.waitForURL(/\/consulta\/[^/?]+$/);
    await expect(page.getByText("Multa - Velocidade até 20% acima da máxima").first()).toBeVisible({
      timeout: 30_000,
    });

    const form = page.getByRole("region", { name: "Avise-me de novos débitos deste veículo" });
    // What is stored is shown open, before the e-mail field: nothing to unfold.
    await expect(form.getByRole("heading", { name: "O que guardamos e por quê" })).toBeVisible();
    await expect(
      form.getByText("guardamos a placa, o RENAVAM e o CPF/CNPJ", { exact: false }),
    ).toBeVisible();
    await checkPage(page, testInfo, "radar-owner-subscribe");
    await expectHydrated(page, "Quero receber avisos");
    await form.getByRole("button", { name: "Quero receber avisos" }).click();
    await expect(form.getByText("Informe seu e-mail.")).toBeVisible();
    await form.getByLabel("Seu e-mail").fill(to);
    await form.getByRole("button", { name: "Quero receber avisos" }).click();
    await expect(form.getByRole("status")).toContainText(`Enviamos um link para ${to}`);
    await checkPage(page, testInfo, "radar-owner-subscribed");

    // Before the owner confirms, the authority starts telling day 2: fine F2 appears.
    await pinDay(page, plate, 2);

    await checkMailboxMessage(page, testInfo, "radar-owner-confirm", {
      subject: `Confirme os avisos de débitos do veículo ${plate}`,
      to,
    });
    const [confirmUrl, unsubscribeUrl] = await linksOfOpenMessage(page);
    expect(confirmUrl).toMatch(/\/radar\/confirmar\/[A-Za-z0-9_-]{43}$/);
    const unsubscribeToken = unsubscribeUrl!.split("/").pop()!;

    // A forged confirmation link changes nothing and says so.
    await page.goto(`/radar/confirmar/${"x".repeat(43)}`);
    await expect(page.getByText("Link inválido")).toBeVisible();
    await checkPage(page, testInfo, "radar-owner-confirm-invalid");

    await page.goto(new URL(confirmUrl!).pathname);
    await expect(page.getByText(`débitos do veículo ${plate}`)).toBeVisible();
    await checkPage(page, testInfo, "radar-owner-confirm");
    expect(storedWatch(unsubscribeToken)?.watch.status).toBe("pending_confirmation");
    await expectHydrated(page, "Confirmar os avisos");
    await page.getByRole("button", { name: "Confirmar os avisos" }).click();
    await expect(page.getByRole("status")).toContainText("Avisos confirmados");
    await checkPage(page, testInfo, "radar-owner-confirmed");
    await page.reload();
    await expect(page.getByText("Já confirmado")).toBeVisible();
    await checkPage(page, testInfo, "radar-owner-confirm-used");

    // The first scan compares day 2 with the owner's lookup (day 1): the new fine, in one e-mail.
    const changes = new RegExp(`${plate}: `);
    await expect
      .poll(() => radarMailCount(page, to, changes), { timeout: 120_000, intervals: [2_000] })
      .toBe(1);
    await checkMailboxMessage(page, testInfo, "radar-owner-changes", {
      subject: `${plate}: Nova multa: Multa - Estacionar em local proibido`,
      to,
    });
    const frame = page.frameLocator(FRAME);
    await expect(
      frame.getByText("Nova multa: Multa - Estacionar em local proibido", { exact: true }),
    ).toBeVisible();
    await expect(frame.getByText(/R\$\s195,23/).first()).toBeVisible();
    const links = await linksOfOpenMessage(page);
    const fresh = links.find((l) => l.includes("/radar/consultar/"))!;
    expect(fresh).not.toContain(v.cpfCnpj);
    expect(links).toContain(unsubscribeUrl);

    // The mail's fresh lookup: no data typed, lands on the result page.
    await page.goto(new URL(fresh).pathname);
    await expect(page.getByText(plate).first()).toBeVisible();
    await checkPage(page, testInfo, "radar-owner-fresh-lookup");
    await expectHydrated(page, "Consultar agora");
    await page.getByRole("button", { name: "Consultar agora" }).click();
    await page.waitForURL(/\/consulta\/[^/?]+$/);
    await expect(page.getByText("Multa - Estacionar em local proibido").first()).toBeVisible({
      timeout: 30_000,
    });

    // Unsubscribe from the e-mail's link.
    await page.goto(new URL(unsubscribeUrl!).pathname);
    await expect(page.getByText(`avisos do veículo ${plate}`)).toBeVisible();
    await checkPage(page, testInfo, "radar-owner-cancel");
    await expectHydrated(page, "Parar os avisos e apagar meus dados");
    await page.getByRole("button", { name: "Parar os avisos e apagar meus dados" }).click();
    await expect(page.getByRole("status")).toContainText("Avisos cancelados e dados apagados");
    await checkPage(page, testInfo, "radar-owner-cancelled");
    await page.reload();
    await expect(page.getByText("Já cancelado")).toBeVisible();
    await checkPage(page, testInfo, "radar-owner-cancel-used");
    await page.goto(new URL(fresh).pathname);
    await expect(page.getByText("Estes avisos foram cancelados")).toBeVisible();
    await checkPage(page, testInfo, "radar-owner-fresh-lookup-cancelled");

    // The stored data is gone at once.
    const stored = storedWatch(unsubscribeToken)!;
    expect(stored.watch).toMatchObject({
      status: "stopped",
      stopReason: "unsubscribed",
      plate: "",
      renavam: "",
      cpfCnpj: "",
      email: "",
      emailIndex: null,
      cpfCnpjIndex: null,
    });
    expect(stored.watch.personalDataErasedAt).not.toBeNull();
    expect(stored.events).toBe(0);
    expect(stored.scanLookups.length).toBeGreaterThan(0);
    expect(stored.scanLookups.every((l) => l.cpfCnpj === "" && l.renavam === "")).toBe(true);

    // The unsubscribe erased the test mailbox's copies of the watch's mails too (docs/privacy.md).
    expect(await radarMailCount(page, to, changes)).toBe(0);
    expect(await radarMailCount(page, to, /Confirme os avisos/)).toBe(0);

    // The story goes on (the discount ends on day 4) for longer than a turn (20 s and its jitter): nothing more arrives.
    // Once, on the desktop: what the engine does with a stopped watch does not depend on the
    // width of the page that stopped it, and the wait is a real turn (27 s) on a shared server
    // (radar-engine.test.ts: "a watch stopped before its scan runs sends nothing").
    if (testInfo.project.name === "desktop") {
      await pinDay(page, plate, 4);
      await page.waitForTimeout(27_000);
      expect(await radarMailCount(page, to, changes)).toBe(0);
      expect(await radarMailCount(page, to, /Confirme os avisos/)).toBe(0);
      const after = storedWatch(unsubscribeToken)!;
      expect(after.events).toBe(0);
      expect(after.scanLookups.length).toBe(stored.scanLookups.length);
    }
  } finally {
    await pinDay(page, plate, null);
  }
});
