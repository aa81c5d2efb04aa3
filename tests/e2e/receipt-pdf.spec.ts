// The comprovante PDF downloaded from the status page of a paid PIX, read back with pdf.js
// (pdfjs-dist, tests/support/pdf-text.ts), its first page drawn by pdf.js in Chromium to
// tests/screenshots/.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { familyVehicle } from "@/lib/sandbox/catalog/family";
import { debtId } from "@/lib/sandbox/catalog/debts";
import {
  CUSTOMER,
  checkoutViaApi,
  expectStatusPage,
  lookupViaApi,
  ORIGIN_HEADERS,
  ownFamilyPlate,
} from "./support/flow";
import { payPix } from "./support/sandbox";
import { expect, test } from "./support/test";
import { pdfText, renderPdfFirstPage, squeeze } from "../support/pdf-text";

test("PIX paid: 'Baixar comprovante (PDF)' on the status page downloads the payment's comprovante", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const plate = ownFamilyPlate();
  const v = familyVehicle(plate)!;
  const { lookupId } = await lookupViaApi(page.request, v);
  const token = await checkoutViaApi(page.request, lookupId, debtId(plate, "fine-parking"));
  const created = await page.request.post(`/api/checkouts/${token}/payments`, {
    headers: ORIGIN_HEADERS,
    data: { attemptId: crypto.randomUUID(), method: "pix" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const pix = (await created.json()) as { ref: string; pix: { qrCode: string } };
  expect(pix.ref).toMatch(/^[A-Za-z0-9_-]{32}$/);
  // Not paid yet: no comprovante.
  expect((await page.request.get(`/api/payments/${pix.ref}/comprovante`)).status()).toBe(409);
  await payPix(page.request, pix.pix.qrCode);

  await page.goto(`/pagamento/${pix.ref}`);
  await expectStatusPage(page);
  const link = page.getByRole("link", { name: "Baixar comprovante (PDF)" });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^comprovante-${plate}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`),
  );
  const file = testInfo.outputPath("comprovante.pdf");
  await download.saveAs(file);

  const pdf = new Uint8Array(readFileSync(file));
  const text = squeeze(await pdfText(pdf));
  expect(text).toContain("Comprovante");
  expect(text).toContain(plate);
  expect(text).toContain(CUSTOMER.name);
  // The payer is the checkout's customer: CPF masked, never whole; the RENAVAM masked too.
  const cpf = CUSTOMER.cpfCnpj;
  expect(text).toContain(`***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`);
  expect(text).not.toContain(cpf);
  expect(text).toContain(`*******${v.renavam.slice(-4)}`);
  expect(text).not.toContain(v.renavam);
  expect(text).toContain("Forma de pagamento PIX");
  expect(text).not.toContain(pix.ref);
  // The first page as a picture, at 80 dpi: drawn (not blank) and saved.
  mkdirSync("tests/screenshots", { recursive: true });
  const png = `tests/screenshots/comprovante-pdf-${testInfo.project.name}.png`;
  const inked = await renderPdfFirstPage(await page.context().newPage(), pdf, png, 80);
  expect(inked).toBeGreaterThan(0.005);
  expect(existsSync(png)).toBe(true);
});
