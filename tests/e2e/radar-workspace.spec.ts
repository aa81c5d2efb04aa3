import type { APIRequestContext } from "@playwright/test";
import { createPrismaClient } from "@/lib/db/create-client";
import { familyVehicle } from "@/lib/sandbox/catalog/family";
import { expect, test } from "./support/test";
import { lookupViaApi, ownRadarPlate } from "./support/flow";
import { checkMailboxMessage } from "./support/mailbox";
import { pinTimeline } from "./support/sandbox";
import {
  checkWorkspacePage,
  E2E_DB_FILE,
  signInThroughMailbox,
  usePhoneWidth,
  workspaceEmail,
} from "./support/workspace";

// Radar from the despachante's side, in the browser: every state of the Radar page drawn and
// checked (off, the cost over the cap refused in words, on with nothing yet, new events without a
// reload, a watch stopped by itself, the cap reached), the digest e-mail once, "Gerar link" opening
// the link flow with the new debt chosen, and the /painel overview. In the first test the events
// are written as the scan engine writes them (the watches' turns pushed a day away, the vehicles
// held on an authority-error day, so no scan races them); the second runs the story on the engine.

const CLIENTS = ["Joana Pereira Lima", "Carlos Souza Neto", "Beatriz Alves Rocha"];
const F2 = "Multa - Estacionar em local proibido";
/** Lookups a month of one weekly watch in the e2e server (RADAR_WEEKLY_PERIOD_MS=20000). */
const WEEKLY_PER_MONTH = Math.ceil((30 * 24 * 3_600_000) / 20_000);

const dbOf = () => createPrismaClient(`file:./${E2E_DB_FILE}`);

// The plates a test holds on a day of their story, let go after it whatever happened.
const pinned = new Set<string>();
async function pin(request: APIRequestContext, plate: string, day: number) {
  pinned.add(plate);
  await pinTimeline(request, plate, day);
}
test.afterEach(async ({ request }) => {
  for (const plate of pinned) await pinTimeline(request, plate, null);
  pinned.clear();
});

/** Three clients, each with one RDR… vehicle, filed for the account as the client pages would. */
async function seedClients(email: string, plates: string[]) {
  const db = dbOf();
  try {
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    for (const [i, plate] of plates.entries()) {
      const v = familyVehicle(plate)!;
      const client = await db.workspaceClient.create({
        data: {
          userId: user.id,
          name: CLIENTS[i]!,
          cpfCnpj: v.cpfCnpj,
          phone: "21987651234",
          email: `cliente${i}@example.com`,
        },
      });
      await db.workspaceVehicle.create({
        data: { userId: user.id, clientId: client.id, plate, uf: v.uf, renavam: v.renavam },
      });
    }
    return user.id;
  } finally {
    await db.$disconnect();
  }
}

/** What a day of scans would leave: a new fine on the first vehicle, a reminder on the second, the third stopped (wrong CPF). */
async function writeEvents(
  userId: string,
  plates: string[],
  found: { lookupId: string; fine: { id: string; amountCents?: number } },
) {
  const db = dbOf();
  try {
    const watches = await db.radarWatch.findMany({
      where: { userId },
      include: { vehicle: { select: { plate: true } } },
    });
    const watchOf = (plate: string) => watches.find((w) => w.vehicle?.plate === plate)!;
    const [w1, w2, w3] = plates.map(watchOf);
    await db.$transaction(async (tx) => {
      await tx.radarScan.create({
        data: {
          watchId: w1!.id,
          dueAt: new Date(),
          lookupId: found.lookupId,
          status: "done",
          finishedAt: new Date(),
        },
      });
      await tx.radarEvent.create({
        data: {
          watchId: w1!.id,
          userId,
          dedupeKey: `${w1!.id}:e2e|appeared|f2`,
          kind: "appeared",
          debtKey: "ticket:ait:f2",
          debtId: found.fine.id,
          lookupId: found.lookupId,
          type: "ticket",
          title: F2,
          amountCents: 19_523,
        },
      });
      await tx.radarEvent.create({
        data: {
          watchId: w2!.id,
          userId,
          dedupeKey: `${w2!.id}:e2e|reminder|dueSoon`,
          kind: "dueSoon",
          debtKey: "ipva:2026:parcela-2",
          type: "ipva",
          title: "IPVA 2026 - Parcela 2/3",
          amountCents: 63_309,
          dueDate: new Date(Date.now() + 5 * 86_400_000),
        },
      });
      await tx.radarWatch.update({
        where: { id: w3!.id },
        data: {
          status: "stopped",
          stopReason: "wrong_document",
          stoppedAt: new Date(),
          notBefore: null,
        },
      });
      await tx.radarEvent.create({
        data: {
          watchId: w3!.id,
          userId,
          dedupeKey: `${w3!.id}:e2e|stopped`,
          kind: "stopped",
          reason: "wrong_document",
        },
      });
    });
  } finally {
    await db.$disconnect();
  }
}

test("Radar for the despachante: every state, the new fine without a reload, the digest once, 'Gerar link' with the debt chosen", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  await usePhoneWidth(page, testInfo);
  const email = workspaceEmail("radar");
  await signInThroughMailbox(page, email);
  const plates = [0, 1, 2].map((i) => ownRadarPlate(i));
  // Day 3 of the story is an authority error (901): a scan that runs before the turns are pushed
  // away below is retried later and tells nothing.
  for (const plate of plates) await pin(request, plate, 3);
  const userId = await seedClients(email, plates);

  // Off: the call to turn it on.
  await page.goto("/painel/radar");
  await expect(page.getByRole("heading", { name: "O Radar está desligado" })).toBeVisible();
  await checkWorkspacePage(page, testInfo, "radar-01-off");

  // The cost first; over the account's cap it is refused in words and nothing is turned on.
  const costButton = page.getByRole("button", { name: "Ver o custo e ligar" });
  await expect(costButton).toBeEnabled();
  await costButton.click();
  await expect(page.getByText("Acima do limite mensal")).toBeVisible();
  await expect(
    page.getByText(
      `Essa escolha custaria ${(3 * WEEKLY_PER_MONTH).toLocaleString("pt-BR")} consultas por mês`,
    ),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirmar e ligar o Radar" })).toHaveCount(0);
  await checkWorkspacePage(page, testInfo, "radar-02-over-cap");

  // A higher cap, then the cost within it, then confirm.
  await page.getByLabel("Limite de consultas do Radar por mês").fill("1000000");
  await page.getByRole("button", { name: "Salvar o limite" }).click();
  await expect(page.getByText("Limite salvo: 1.000.000 por mês.")).toBeVisible();
  await costButton.click();
  await expect(
    page.getByText(
      `${(3 * WEEKLY_PER_MONTH).toLocaleString("pt-BR")} consultas por mês para 3 veículos`,
    ),
  ).toBeVisible();
  await page.getByRole("button", { name: "Confirmar e ligar o Radar" }).click();
  await expect(page.getByText("3 veículos passaram a ser verificados.")).toBeVisible();
  const db = dbOf();
  try {
    // The engine's turns a day away: the events below are this test's, no scan races them.
    const later = new Date(Date.now() + 86_400_000);
    expect(
      (
        await db.radarWatch.updateMany({
          where: { userId, status: "active" },
          data: { notBefore: later, nextScanAt: later },
        })
      ).count,
    ).toBe(3);
  } finally {
    await db.$disconnect();
  }
  await page.reload();
  await expect(
    page.getByRole("heading", { name: "Nada novo desde a sua última visita" }),
  ).toBeVisible();
  await expect(
    page.getByText(/Nenhuma mudança encontrada ainda\. A próxima verificação é em/),
  ).toBeVisible();
  await checkWorkspacePage(page, testInfo, "radar-03-on-nothing-yet");

  // A new fine on the first vehicle (its story held on day 2), found while the page is open.
  await pin(request, plates[0]!, 2);
  const v = familyVehicle(plates[0]!)!;
  const { lookupId, debts } = await lookupViaApi(request, v);
  await pin(request, plates[0]!, 3);
  const fine = (debts as { id: string; type: string; title?: string }[]).find(
    (d) => d.title === F2,
  );
  expect(fine, `day 2 of ${plates[0]} has ${F2}`).toBeTruthy();
  await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));
  await writeEvents(userId, plates, { lookupId, fine: fine! });
  await expect(
    page.getByRole("heading", { name: "3 novidades desde a sua última visita" }),
  ).toBeVisible({ timeout: 20_000 });
  const events = page.getByTestId("radar-event");
  await expect(events.filter({ hasText: F2 })).toContainText("R$ 195,23");
  await expect(events.filter({ hasText: "IPVA 2026 - Parcela 2/3" })).toContainText(
    "Vencimento próximo",
  );
  await expect(page.getByText(`Radar parado para ${plates[2]} (${CLIENTS[2]})`)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(
    true,
  );
  await checkWorkspacePage(page, testInfo, "radar-04-events-and-stopped");

  // Filters: by kind, then by client.
  await page.getByLabel("Tipo de aviso").selectOption({ label: "Novo débito" });
  await expect(events).toHaveCount(1);
  await expect(events.first()).toContainText(F2);
  await page.getByLabel("Tipo de aviso").selectOption({ label: "Todos os avisos" });
  await page.getByLabel("Cliente", { exact: true }).selectOption({ label: CLIENTS[1]! });
  await expect(events).toHaveCount(1);
  await expect(events.first()).toContainText("IPVA 2026 - Parcela 2/3");
  await page.getByLabel("Cliente", { exact: true }).selectOption({ label: "Todos os clientes" });
  await expect(events).toHaveCount(3);

  // The cap lowered to what the two active watches use: reached, said in words.
  await page.getByLabel("Limite de consultas do Radar por mês").fill(String(2 * WEEKLY_PER_MONTH));
  await page.getByRole("button", { name: "Salvar o limite" }).click();
  await expect(page.getByText("Limite mensal do Radar atingido")).toBeVisible();
  await checkWorkspacePage(page, testInfo, "radar-05-cap-reached");

  // The digest: one e-mail for the account, telling the three.
  await checkMailboxMessage(page, testInfo, `radar-digest-${testInfo.project.name}`, {
    subject: "Radar: 3 novidades",
    to: email,
  });
  await expect(
    page.frameLocator('iframe[title="Versão HTML do e-mail"]').getByText(F2, { exact: false }),
  ).toBeVisible();
  // Several ticks later (one every 2 s) still one.
  await page.waitForTimeout(6_000);
  await page.goto("/dev/mailbox");
  await expect(
    page
      .getByRole("link")
      .filter({ hasText: "Radar:" })
      .filter({ hasText: `Para ${email}` }),
  ).toHaveCount(1);

  // "Gerar link": the link flow with the new fine already chosen, one click from a link.
  await page.goto("/painel/radar");
  await page
    .getByRole("link", { name: new RegExp(`^Gerar link de pagamento para ${plates[0]}`) })
    .click();
  await expect(page.getByRole("heading", { name: "Seleção rápida" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.locator(`#debt-${fine!.id}`)).toBeChecked();
  await checkWorkspacePage(page, testInfo, "radar-06-gerar-link");
  const make = page
    .getByRole("button", { name: "Gerar link de pagamento" })
    .filter({ visible: true })
    .first();
  await expect(make).toBeEnabled();
  await make.click();
  await expect(
    page.getByRole("heading", { name: `Link de pagamento para ${CLIENTS[0]}` }),
  ).toBeVisible({ timeout: 30_000 });

  // The overview: the new debt since the last visit, the link just made, the watched vehicles.
  await page.goto("/painel");
  const tiles = page.getByRole("list", { name: "Resumo da sua conta" });
  await expect(tiles.getByRole("link", { name: /Débitos novos\s*1/ })).toBeVisible();
  await expect(tiles.getByRole("link", { name: /Links em aberto\s*1/ })).toBeVisible();
  await expect(tiles.getByRole("link", { name: /Veículos no Radar\s*2/ })).toBeVisible();
  await expect(tiles.getByRole("link", { name: /Clientes\s*3/ })).toBeVisible();
  await checkWorkspacePage(page, testInfo, "painel-overview");
  // Seen: the next visit has nothing new.
  await page.reload();
  await expect(tiles.getByRole("link", { name: /Débitos novos\s*0/ })).toBeVisible();
});

test("with the engine: a despachante turns Radar on for three vehicles, a new fine appears on one, shown without a reload, told once, linked in one step", async ({
  page,
  request,
}, testInfo) => {
  // The story runs on the scans' clock: once, at desktop width; the other test draws every state at both.
  test.skip(testInfo.project.name !== "desktop", "the scans' story is the same at any width");
  test.setTimeout(180_000);
  const email = workspaceEmail("radar-story");
  await signInThroughMailbox(page, email);
  const plates = [0, 1, 2].map((i) => ownRadarPlate(i));
  for (const plate of plates) await pin(request, plate, 1);
  const userId = await seedClients(email, plates);
  await page.goto("/painel/radar");
  await page.getByLabel("Limite de consultas do Radar por mês").fill("1000000");
  await page.getByRole("button", { name: "Salvar o limite" }).click();
  await expect(page.getByText("Limite salvo: 1.000.000 por mês.")).toBeVisible();
  // Daily: 8 s turns in the e2e server, so the story takes seconds, not minutes.
  await page.getByLabel("Diária").check();
  await page.getByRole("button", { name: "Ver o custo e ligar" }).click();
  await expect(
    page.getByText(
      `${(3 * Math.ceil((30 * 24 * 3_600_000) / 8_000)).toLocaleString("pt-BR")} consultas por mês para 3 veículos`,
    ),
  ).toBeVisible();
  await page.getByRole("button", { name: "Confirmar e ligar o Radar" }).click();
  await expect(page.getByText("3 veículos passaram a ser verificados.")).toBeVisible();

  // The first scan of the first vehicle is its baseline (day 1); then its story moves to day 2.
  const db = dbOf();
  try {
    await expect(async () => {
      const watch = await db.radarWatch.findFirstOrThrow({
        where: { userId, vehicle: { plate: plates[0]! } },
      });
      expect(watch.baselineLookupId).not.toBeNull();
    }).toPass({ timeout: 60_000 });
  } finally {
    await db.$disconnect();
  }
  await pin(request, plates[0]!, 2);
  await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));
  const fine = page.getByTestId("radar-event").filter({ hasText: F2 });
  await expect(fine).toContainText("Novo débito", { timeout: 60_000 });
  await expect(fine).toContainText(plates[0]!);
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(
    true,
  );
  await checkWorkspacePage(page, testInfo, "radar-07-story-new-fine");

  // One digest for the account, however many ticks pass (the fine is in it, or waits for tomorrow's).
  await expect(async () => {
    await page.goto("/dev/mailbox");
    await expect(
      page
        .getByRole("link")
        .filter({ hasText: "Radar:" })
        .filter({ hasText: `Para ${email}` }),
    ).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page.waitForTimeout(5_000);
  await page.goto("/dev/mailbox");
  await expect(
    page
      .getByRole("link")
      .filter({ hasText: "Radar:" })
      .filter({ hasText: `Para ${email}` }),
  ).toHaveCount(1);

  // "Gerar link" on the fine: the link flow with it chosen.
  await page.goto("/painel/radar");
  await fine.getByRole("link", { name: /^Gerar link/ }).click();
  await expect(page.getByRole("heading", { name: "Seleção rápida" })).toBeVisible({
    timeout: 30_000,
  });
  const chosen = new URL(page.url()).searchParams.get("debts")!;
  await expect(page.locator(`#debt-${chosen}`)).toBeChecked();
  await expect(page.locator(`label[for="debt-${chosen}"]`)).toContainText(F2);
});
