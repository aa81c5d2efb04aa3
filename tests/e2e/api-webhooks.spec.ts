import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createPrismaClient } from "@/lib/db/create-client";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { expect, test } from "./support/test";
import {
  checkWorkspacePage,
  E2E_DB_FILE,
  signInThroughMailbox,
  usePhoneWidth,
  workspaceEmail,
} from "./support/workspace";

// Webhooks out in the browser, desktop and phone: an endpoint registered on /painel/api/webhooks
// (its secret shown once), a real event (a batch finished) delivered to a receiver this test runs,
// which refuses at first: the delivery log shows the refusal; the receiver then accepts and
// "Reenviar" delivers it, said on the page.

test.beforeEach(async ({ page }, testInfo) => usePhoneWidth(page, testInfo));

test("register an endpoint, see a failed delivery, send it again", async ({ page }, testInfo) => {
  let answer = 503;
  const hits: string[] = [];
  const receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      hits.push(String(req.headers["webhook-id"]));
      res.writeHead(answer).end(answer === 200 ? "ok" : "indisponível");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/placa-paga`;
  try {
    const email = workspaceEmail("webhooks");
    await signInThroughMailbox(page, email, "/painel/api/webhooks");
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
    await expect(page.getByText("Nenhum endereço cadastrado ainda.")).toBeVisible();
    await checkWorkspacePage(page, testInfo, "webhooks-vazio");

    await page.getByLabel("Endereço que recebe os eventos").fill(url);
    await page.getByLabel(/Lote de consultas concluído/).check();
    await page.getByRole("button", { name: "Cadastrar endereço" }).click();
    await expect(page.getByLabel("Segredo de assinatura")).toHaveValue(/^whsec_/);
    await checkWorkspacePage(page, testInfo, "webhooks-segredo");
    await page.getByRole("button", { name: "Já guardei o segredo" }).click();
    const list = page.getByRole("list", { name: "Endereços de webhooks" });
    await expect(list.getByText(url)).toBeVisible();

    // A real fact: a one-vehicle batch of this account finishes (the sandbox answers at once).
    const db = createPrismaClient(`file:./${E2E_DB_FILE}`);
    try {
      const user = await db.user.findUniqueOrThrow({ where: { email } });
      const v = SANDBOX_VEHICLES.syncAnswer;
      const client = await db.workspaceClient.create({
        data: { userId: user.id, name: "Cliente Webhook", cpfCnpj: v.cpfCnpj },
      });
      await db.workspaceVehicle.create({
        data: {
          userId: user.id,
          clientId: client.id,
          plate: v.plate,
          uf: v.uf,
          renavam: v.renavam,
        },
      });
    } finally {
      await db.$disconnect();
    }
    const started = await page.request.post("/api/workspace/batches", {
      data: { scope: "all" },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(started.status()).toBe(201);
    await expect.poll(() => hits.length, { timeout: 45_000 }).toBeGreaterThan(0);

    await list.getByRole("button", { name: "Ver as entregas" }).click();
    const log = page.getByRole("list", { name: "Entregas recentes" });
    await expect(log.getByText("HTTP 503").first()).toBeVisible();
    await expect(log.getByText("batch.finished").first()).toBeVisible();
    await checkWorkspacePage(page, testInfo, "webhooks-entrega-falhou");

    answer = 200;
    await log.getByRole("button", { name: "Reenviar" }).first().click();
    await expect(log.getByText("Entregue (HTTP 200).")).toBeVisible();
    await checkWorkspacePage(page, testInfo, "webhooks-reenviado");
    expect(new Set(hits).size).toBe(1); // every try carries the same event id
  } finally {
    await new Promise<void>((r) => receiver.close(() => r()));
  }
});
