import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEMPLATES, type TemplateName, type TemplateProps } from "@/lib/mail/templates";
import { renderMail } from "@/lib/mail/templates/render";

// Every e-mail template: pt-BR, amounts in R$, a masked document, no card data, inline styles
// only, no remote image or script, one button; then rendered by real Chromium at phone width
// into tests/screenshots/mail-<name>.png for review.

const facts = {
  customerName: "Maria",
  document: "***.982.247-**",
  plate: "MGD1E23",
  receipt: {
    method: "PIX",
    debts: [
      { title: "IPVA 2026 - cota única", reference: "Exercício 2026", amountCents: 20_000 },
      { title: "Licenciamento 2026", reference: null, amountCents: 5_873 },
    ],
    debtsTotalCents: 25_873,
    interestCents: 1_117,
    totalCents: 26_990,
  },
  statusUrl: "http://localhost:3000/pagamento/cm0abc",
};
const PIX = "00020101021226830014br.gov.bcb.pix2561pix.example.com/qr/v2/cobv/9d36b84f6304ABCD";

const FIXTURES: { [N in TemplateName]: Parameters<(typeof TEMPLATES)[N]["subject"]>[0] } = {
  "payment-approved": { ...facts, receipt: { ...facts.receipt, method: "Visa final 1111 em 3x" } },
  "debts-settled": facts,
  "delisting-decided": {
    customerName: facts.customerName,
    document: facts.document,
    plate: facts.plate,
    statusUrl: facts.statusUrl,
    uf: "MG",
    verdict: "still_listed",
    debts: [
      {
        title: "IPVA 2026 - cota única",
        paidCents: 20_000,
        state: "confirmed",
        confirmedAt: "2026-11-23T18:30:00.000Z",
      },
      {
        title: "Multa - Avanço de sinal",
        paidCents: 5_873,
        state: "still_listed",
        listedCents: 587,
      },
    ],
    paymentId: "pay_8f2a",
    transactionId: "txn_41c9",
  },
  "pix-instructions": {
    ...facts,
    pixCode: PIX,
    expiresAt: "2026-11-24T18:30:00.000Z",
    companyName: "Placa Paga Serviços Digitais Ltda. (teste)",
  },
  "payment-link": {
    clientName: "João",
    despachanteName: "Despachante Central",
    plate: "ABC1234",
    amountCents: 48_210,
    payUrl: "http://localhost:3000/pagar/tok",
  },
  "sign-in-link": { signInUrl: "http://localhost:3000/entrar/tok", expiresInMinutes: 15 },
  "client-paid": {
    clientName: "João Souza",
    plate: "ABC1234",
    amountCents: 26_990,
    receipt: facts.receipt,
    workspaceUrl: "http://localhost:3000/painel",
  },
  "radar-digest": {
    day: "2026-11-27",
    events: [
      {
        kind: "appeared",
        reason: null,
        title: "Multa - Radar",
        amountCents: 19_523,
        previousAmountCents: null,
        dueDate: "2026-12-10T03:00:00.000Z",
        clientName: "João Souza",
        plate: "RDR4A01",
      },
      {
        kind: "amountChanged",
        reason: "discountEnded",
        title: "Multa - Avanço de sinal",
        amountCents: 29_347,
        previousAmountCents: 23_478,
        dueDate: null,
        clientName: "João Souza",
        plate: "RDR4A01",
      },
      {
        kind: "stopped",
        reason: "vehicle_not_found",
        title: null,
        amountCents: null,
        previousAmountCents: null,
        dueDate: null,
        clientName: "Maria Lima",
        plate: "RDR4A02",
      },
    ],
    more: 2,
    radarUrl: "http://localhost:3000/painel/radar",
  },
  "radar-owner-confirm": {
    plate: "RDR0A01",
    confirmUrl: "http://localhost:3000/radar/confirmar/tok",
    unsubscribeUrl: "http://localhost:3000/radar/cancelar/u",
    oneClickUrl: "http://localhost:3000/api/radar/cancelar/u",
    ttlHours: 48,
  },
  "radar-owner-changes": {
    plate: "RDR0A01",
    changes: [
      {
        kind: "appeared",
        reason: null,
        type: "ticket",
        title: "Multa - Excesso de velocidade",
        amountCents: 19_523,
        previousAmountCents: null,
        dueDate: "2026-12-10T03:00:00.000Z",
        expirationDate: null,
      },
      {
        kind: "amountChanged",
        reason: "discountEnded",
        type: "ticket",
        title: "Multa - Estacionamento",
        amountCents: 13_016,
        previousAmountCents: 10_413,
        dueDate: null,
        expirationDate: null,
      },
      {
        kind: "dueSoon",
        reason: null,
        type: "ipva",
        title: "IPVA 2026 - Parcela 2/3",
        amountCents: 41_000,
        previousAmountCents: null,
        dueDate: "2026-12-01T03:00:00.000Z",
        expirationDate: null,
      },
    ],
    lookupUrl: "http://localhost:3000/radar/consultar/w.t",
    unsubscribeUrl: "http://localhost:3000/radar/cancelar/u",
    oneClickUrl: "http://localhost:3000/api/radar/cancelar/u",
  },
  "radar-owner-stopped": {
    plate: "RDR0A01",
    reason: "wrong_document",
    lookupFormUrl: "http://localhost:3000/consulta",
    oneClickUrl: "http://localhost:3000/api/radar/cancelar/u",
  },
  "api-webhook-disabled": {
    url: "https://erp.example.com/webhooks",
    failingDays: 5,
    webhooksUrl: "http://localhost:3000/painel/api/webhooks",
  },
};
// Radar's mails carry the unsubscribe link beside their one button (LGPD: stop in one click).
const LINKS: Partial<Record<TemplateName, number>> = {
  "radar-owner-confirm": 2,
  "radar-owner-changes": 2,
};
const names = Object.keys(TEMPLATES) as TemplateName[];

describe("e-mail templates", () => {
  it.each(names)(
    "%s: pt-BR HTML and text, one button, nothing remote, no card data or full CPF",
    (name) => {
      const { subject, html, text } = renderMail(name, FIXTURES[name]);
      expect(subject.length).toBeGreaterThan(10);
      expect(html).toMatch(/^<!DOCTYPE html><html lang="pt-BR">/);
      expect(html).not.toMatch(/<script|<img|<link|<style|class=/i);
      expect(html.match(/<a [^>]*background-color/g)).toHaveLength(1);
      expect(html.match(/<a /g)).toHaveLength(LINKS[name] ?? 1);
      expect(html).not.toMatch(/src=/);
      expect(text.length).toBeGreaterThan(40);
      expect(text).not.toMatch(/</);
      for (const part of [html, text, subject]) {
        expect(part).not.toMatch(/\b\d{13,19}\b/);
        expect(part).not.toMatch(/529\.?982\.?247-?25/);
      }
      if ("amountCents" in FIXTURES[name] || "receipt" in FIXTURES[name])
        expect(text).toMatch(/R\$\s[\d.]+,\d{2}/);
    },
  );

  it("payment e-mails list every debt with its amount and reference, the interest, the total, the method as the PDF gives it and the masked document", () => {
    for (const name of [
      "payment-approved",
      "debts-settled",
      "pix-instructions",
      "client-paid",
    ] as const) {
      const { html, text } = renderMail(name, FIXTURES[name]);
      for (const part of [html, text]) {
        expect(part).toContain("IPVA 2026 - cota única");
        expect(part).toContain("Exercício 2026");
        expect(part).toMatch(/R\$\s200,00/);
        expect(part).toMatch(/R\$\s58,73/);
        expect(part).toMatch(/Juros(:|<\/td><td[^>]*>)\s?R\$\s11,17/);
        expect(part).toMatch(/R\$\s269,90/);
        if (name === "payment-approved" || name === "debts-settled")
          expect(part).toContain("***.982.247-**");
      }
    }
    expect(renderMail("payment-approved", FIXTURES["payment-approved"]).text).toContain(
      "Forma de pagamento: Visa final 1111 em 3x",
    );
  });

  it("the Radar digest tells every event by client in one e-mail, with the amounts, the change and the count left for the page", () => {
    const { subject, html, text } = renderMail("radar-digest", FIXTURES["radar-digest"]);
    expect(subject).toBe("Radar: 5 novidades nos veículos dos seus clientes (27/11/2026)");
    for (const part of [html, text]) {
      expect(part).toContain("João Souza");
      expect(part).toContain("Maria Lima");
      expect(part).toMatch(
        /RDR4A01 · Novo débito: Multa - Radar: R\$\s195,23, vence em 10\/12\/2026\./,
      );
      expect(part).toMatch(/passou de R\$\s234,78 para R\$\s293,47 \(o desconto acabou\)/);
      expect(part).toContain("O Detran não encontrou este veículo");
      expect(part).toContain("E mais 2 novidades na página do Radar.");
    }
  });

  it("the Radar digest says when it is the first (no last one to count from), puts a new fine before its reminders and says 'hoje' for a discount ending on its day", () => {
    const reminder = {
      kind: "discountEnds",
      reason: "3d",
      title: "Multa - Estacionamento",
      amountCents: 10_413,
      previousAmountCents: null,
      // 28/11/2026 23:30 in São Paulo (29/11 in UTC): the 28th on the person's calendar.
      dueDate: "2026-11-29T02:30:00.000Z",
      clientName: "João Souza",
      plate: "RDR4A01",
    };
    const fine = { ...FIXTURES["radar-digest"].events[0]!, dueDate: "2026-12-10T03:00:00.000Z" };
    const digest = (over: Partial<TemplateProps<"radar-digest">>) =>
      renderMail("radar-digest", {
        ...FIXTURES["radar-digest"],
        events: [
          reminder,
          { ...reminder, kind: "dueSoon", title: "IPVA 2026 - Parcela 3/3" },
          fine,
        ],
        more: 0,
        ...over,
      });
    const first = digest({ first: true, day: "2026-11-28" });
    for (const part of [first.html, first.text]) {
      expect(part).toContain("Primeiro resumo do Radar");
      expect(part).not.toContain("último resumo");
      expect(part).toMatch(/Multa - Estacionamento: o desconto vale até hoje \(R\$\s104,13\)\./);
      expect(part).toMatch(/IPVA 2026 - Parcela 3\/3 vence hoje/);
      // The new fine first, then the reminders of the same check.
      expect(part.indexOf("Novo débito")).toBeLessThan(part.indexOf("Desconto acabando"));
      expect(part.indexOf("Novo débito")).toBeLessThan(part.indexOf("Vencimento próximo"));
    }
    const later = digest({ first: false, day: "2026-11-27" });
    for (const part of [later.html, later.text]) {
      expect(part).toContain("Desde o último resumo");
      expect(part).not.toContain("Primeiro resumo");
      expect(part).toContain("o desconto vale até 28/11/2026");
    }
  });

  it("the owner's mail says 'hoje' for a discount ending on the day it was queued (São Paulo's calendar), the date on any other day", () => {
    const ending = {
      ...FIXTURES["radar-owner-changes"],
      changes: [
        {
          kind: "discountEnds",
          reason: "3d",
          type: "ticket",
          title: "Multa - Estacionamento",
          amountCents: 10_413,
          previousAmountCents: null,
          dueDate: "2026-11-29T02:30:00.000Z",
          expirationDate: null,
        },
      ],
    };
    const today = renderMail("radar-owner-changes", { ...ending, day: "2026-11-28" });
    expect(today.subject).toBe("RDR0A01: Multa - Estacionamento: o desconto termina hoje");
    for (const part of [today.html, today.text])
      expect(part).toMatch(/Pague R\$\s104,13 até hoje para manter o desconto\./);
    const before = renderMail("radar-owner-changes", { ...ending, day: "2026-11-25" });
    expect(before.subject).toBe(
      "RDR0A01: Multa - Estacionamento: o desconto termina em 28/11/2026",
    );
  });

  it("Radar's owner e-mails say what changed, the amount and the deadline, and carry RFC 8058 one-click unsubscribe headers", () => {
    const changes = renderMail("radar-owner-changes", FIXTURES["radar-owner-changes"]);
    expect(changes.subject).toBe(
      "RDR0A01: Nova multa: Multa - Excesso de velocidade e mais 2 avisos",
    );
    for (const part of [changes.html, changes.text]) {
      expect(part).toContain("Nova multa: Multa - Excesso de velocidade");
      expect(part).toMatch(/R\$\s195,23/);
      expect(part).toContain("10/12/2026");
      expect(part).toMatch(/o desconto terminou/);
      expect(part).toMatch(/De R\$\s104,13 para R\$\s130,16/);
      expect(part).toContain("IPVA 2026 - Parcela 2/3: vence em 01/12/2026");
      expect(part).toContain("http://localhost:3000/radar/cancelar/u");
      expect(part).toContain("http://localhost:3000/radar/consultar/w.t");
    }
    for (const name of [
      "radar-owner-confirm",
      "radar-owner-changes",
      "radar-owner-stopped",
    ] as const) {
      expect(renderMail(name, FIXTURES[name]).headers).toEqual({
        "List-Unsubscribe": "<http://localhost:3000/api/radar/cancelar/u>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
    }
    expect(renderMail("payment-approved", FIXTURES["payment-approved"]).headers).toEqual({});
    expect(renderMail("radar-owner-stopped", FIXTURES["radar-owner-stopped"]).text).toContain(
      "o CPF/CNPJ não é o do proprietário",
    );
  });
});

describe("screenshots at phone width (Chromium)", () => {
  let browser: Browser;
  const dir = path.resolve("tests/screenshots");
  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    const executablePath =
      process.env.CHROME_PATH ??
      (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
    browser = await chromium.launch({
      ...(executablePath ? { executablePath } : {}),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(names)("%s fits a 390 px screen without horizontal scrolling", async (name) => {
    const page = await browser.newPage({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      javaScriptEnabled: false,
    });
    // Any request would be a remote resource: the e-mail must need none.
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.setContent(renderMail(name, FIXTURES[name]).html);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(requests.filter((u) => !u.startsWith("data:") && u !== "about:blank")).toEqual([]);
    await page.screenshot({ path: path.join(dir, `mail-${name}.png`), fullPage: true });
    await page.close();
  });
});
