// Steps of the storefront flow shared by the specs: start a lookup for a catalog scenario, wait
// for its debts, build a checkout, fill a card. Scenario data comes from the sandbox catalog.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createHash } from "node:crypto";
import { catalogDebtIds, debtId as familyDebtId } from "@/lib/sandbox/catalog/debts";
import { familyVehicle } from "@/lib/sandbox/catalog/family";
import {
  SANDBOX_VEHICLES,
  type CatalogVehicle,
  type ScenarioName,
} from "@/lib/sandbox/catalog/vehicles";
import { E2E_PORT } from "../../../playwright.config";
import { SANDBOX_CARD_DEFAULTS, type SandboxCard } from "@/lib/sandbox/payments/cards-catalog";

export const CUSTOMER = {
  name: "Maria da Silva",
  email: "maria@example.com",
  phone: "11987654321",
  cpfCnpj: "52998224725",
} as const;

/** Lookup form filled and sent through the page; resolves on the lookup's own URL. */
export async function startLookup(page: Page, scenario: ScenarioName): Promise<void> {
  const v = SANDBOX_VEHICLES[scenario];
  await page.goto(`/consulta?placa=${v.plate}&uf=${v.uf}`);
  await expectHydrated(page, "Consultar débitos");
  await fillLookupDocs(page, v.renavam, v.cpfCnpj);
  await page.getByRole("button", { name: "Consultar débitos" }).click();
  await page.waitForURL(/\/consulta\/[^/?]+$/);
}

/** Submit buttons are disabled until React runs (see useHydrated): wait for that before typing. */
export async function expectHydrated(page: Page, submitName: string): Promise<void> {
  await expect(page.getByRole("button", { name: submitName })).toBeEnabled();
}

export async function fillLookupDocs(page: Page, renavam: string, cpfCnpj: string): Promise<void> {
  await page.getByLabel("RENAVAM").fill(renavam);
  await page.getByLabel("CPF ou CNPJ do proprietário").fill(cpfCnpj);
}

export async function waitForDebts(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { name: "Seleção rápida" })).toBeVisible({
    timeout: 30_000,
  });
}

/** The visible "Continuar" (summary column on desktop, sticky bar on phones). */
export const continueButton = (page: Page) => page.getByRole("link", { name: "Continuar" });

export async function fillCustomer(page: Page): Promise<void> {
  await expectHydrated(page, "Ir para o pagamento");
  await page.getByLabel("Nome completo").fill(CUSTOMER.name);
  await page.getByLabel("E-mail").fill(CUSTOMER.email);
  await page.getByLabel("Celular").fill(CUSTOMER.phone);
  await page.getByLabel("CPF ou CNPJ do pagador").fill(CUSTOMER.cpfCnpj);
}

/**
 * One debt to pay, named by catalog scenario and slug (lib/sandbox/catalog/debts.ts), or by slug
 * on a generated TST#X## vehicle (a copy of withDebts with debts of its own).
 */
export type DebtPick = { scenario: ScenarioName; slug: string; plate?: string };

/** A generated vehicle for this test, project and retry: nobody else pays its debts. */
export function ownFamilyPlate(): string {
  const info = test.info();
  const h = createHash("sha256")
    .update(`${info.titlePath.join(" / ")}|${info.project.name}|${info.retry}`)
    .digest();
  const at = (i: number, n: number) => (h[i] ?? 0) % n;
  return `TST${at(0, 10)}${String.fromCharCode(65 + at(1, 26))}${at(2, 10)}${at(3, 10)}`;
}

/** The i-th RDR… plate of this test, project and retry: a vehicle whose debts change with the sandbox's timeline, nobody else's. */
export function ownRadarPlate(i = 0): string {
  const info = test.info();
  const h = createHash("sha256")
    .update(`${info.titlePath.join(" / ")}|${info.project.name}|${info.retry}|radar|${i}`)
    .digest();
  const at = (k: number, n: number) => (h[k] ?? 0) % n;
  return `RDR${at(0, 10)}${String.fromCharCode(65 + at(1, 26))}${at(2, 10)}${at(3, 10)}`;
}

/** Debts with no dependsOn on withDebts (payable alone), standing in for the SP ones. */
const SP_TO_FAMILY: Record<string, string> = { "fine-phone": "fine-parking" };

/**
 * The sandbox refuses a debt that another payment already holds (paid or being paid), and both
 * projects run against one sandbox: every payment test pays its own debt, one per project. A pick
 * on the SP vehicle moves to a generated vehicle, so Detran-SP's nightly maintenance (00h-07h)
 * never skips a payment test.
 */
export function perProject(desktop: DebtPick, phone: DebtPick): DebtPick {
  const pick = test.info().project.name === "phone" ? phone : desktop;
  if (SANDBOX_VEHICLES[pick.scenario].uf !== "SP") return pick;
  return {
    scenario: "withDebts",
    slug: SP_TO_FAMILY[pick.slug] ?? pick.slug,
    plate: ownFamilyPlate(),
  };
}

/**
 * A checkout for one debt, built through the JSON API (the pages for these steps have their own
 * test), then its pay page opened. Keeps payment tests short.
 */
export const ORIGIN_HEADERS = {
  origin: `http://localhost:${E2E_PORT}`,
  "content-type": "application/json",
};

type ApiDebt = { id: string; type: string; dependsOn: string[] };

/** A lookup through the JSON API (state-changing routes check Origin, as a browser sends it), resolved to its debts. */
export async function lookupViaApi(
  request: APIRequestContext,
  v: Pick<CatalogVehicle, "uf" | "plate" | "renavam" | "cpfCnpj">,
): Promise<{ lookupId: string; debts: ApiDebt[] }> {
  const created = await request.post("/api/lookups", {
    headers: ORIGIN_HEADERS,
    data: { uf: v.uf, plate: v.plate, renavam: v.renavam, cpfCnpj: v.cpfCnpj },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { lookupId } = await created.json();
  let debts: ApiDebt[] = [];
  await expect(async () => {
    const view = (await (await request.get(`/api/lookups/${lookupId}`)).json()) as {
      status: string;
      debts: ApiDebt[];
    };
    expect(view.status).toBe("debts");
    debts = view.debts;
  }).toPass({ timeout: 30_000 });
  return { lookupId: lookupId as string, debts };
}

/**
 * A checkout for one debt, built through the JSON API (the pages for these steps have their own
 * test), then its pay page opened. Keeps payment tests short.
 */
export async function openCheckout(page: Page, pick: DebtPick): Promise<string> {
  const request: APIRequestContext = page.request;
  const vehicle = pick.plate ? familyVehicle(pick.plate) : SANDBOX_VEHICLES[pick.scenario];
  expect(vehicle, `no vehicle for ${pick.plate ?? pick.scenario}`).toBeTruthy();
  const { lookupId } = await lookupViaApi(request, vehicle!);
  const debtId = pick.plate
    ? familyDebtId(pick.plate, pick.slug)
    : catalogDebtIds(pick.scenario)[pick.slug];
  expect(debtId, `${pick.scenario} has no debt ${pick.slug}`).toBeTruthy();
  const token = await checkoutViaApi(request, lookupId, debtId!);
  await page.goto(`/pagar/${token}`);
  return token;
}

/**
 * The owner's checkout for one debt of a lookup, through the JSON API; its pay page token. A
 * checkout is not a payment: nothing is charged, and the debt stays free for other tests.
 */
export async function checkoutViaApi(
  request: APIRequestContext,
  lookupId: string,
  debtId: string,
): Promise<string> {
  const checkout = await request.post("/api/checkouts", {
    headers: ORIGIN_HEADERS,
    data: { lookupId, debtIds: [debtId], customer: CUSTOMER, kind: "owner" },
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  return ((await checkout.json()) as { token: string }).token;
}

/**
 * The dispatcher's way to a share link: a generated TST plate of the test's own (familyVehicle:
 * nobody else pays its debts), one fine with no dependency, the payment-choice page, the
 * customer's data, "Gerar link de pagamento". Resolves on the link's page with its token.
 */
export async function createShareLink(page: Page, plate: string): Promise<string> {
  const v = familyVehicle(plate);
  expect(v, `${plate} is not a family plate`).toBeTruthy();
  const { lookupId, debts } = await lookupViaApi(page.request, v!);
  const fine = debts.find((d) => d.type === "ticket" && d.dependsOn.length === 0);
  expect(fine, "a fine with no dependency").toBeTruthy();
  await page.goto(`/consulta/${lookupId}/pagamento?debts=${fine!.id}`);
  await fillCustomer(page);
  await page.getByRole("button", { name: "Gerar link de pagamento" }).click();
  await page.waitForURL(/\/links\/[^/]+$/);
  return new URL(page.url()).pathname.split("/").pop()!;
}

export async function fillCard(page: Page, card: SandboxCard, installments = 1): Promise<void> {
  await page.getByLabel("Número do cartão").fill(card.number);
  await page.getByLabel("Nome impresso no cartão").fill(SANDBOX_CARD_DEFAULTS.cardholderName);
  await page.getByLabel("Validade").fill(SANDBOX_CARD_DEFAULTS.expirationDate);
  await page.getByLabel("CVV").fill(card.cvv);
  const select = page.getByLabel("Parcelas");
  await expect(select).toBeEnabled();
  await select.selectOption(String(installments));
}

export async function expectStatusPage(page: Page): Promise<void> {
  await page.waitForURL(/\/pagamento\/[^/]+$/, { timeout: 30_000 });
  await expect(
    page.getByRole("heading", { level: 1, name: "Acompanhamento do pagamento" }),
  ).toBeVisible();
}

/** The PIX copy-and-paste code field of the pay page and the status page. */
export const pixCodeField = (page: Page) => page.getByLabel("Código PIX copia e cola");

/** The code field shows a code other than `old` (it may be absent meanwhile: the old code leaves first). */
export async function expectNewPixCode(page: Page, old: string, timeout: number): Promise<void> {
  await expect(async () => {
    const value = await pixCodeField(page).inputValue({ timeout: 1_000 });
    expect(value).not.toBe("");
    expect(value).not.toBe(old);
  }).toPass({ timeout });
}
