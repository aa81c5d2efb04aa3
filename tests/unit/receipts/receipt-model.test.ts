import { describe, expect, it } from "vitest";
import {
  buildReceiptModel,
  maskRenavam,
  RECEIPT_TITLES,
  receiptAmounts,
  receiptDelisting,
  type ReceiptSource,
} from "@/lib/rules/receipt-model";

const source = (over: Partial<ReceiptSource> = {}): ReceiptSource => ({
  payerName: "João da Conceição",
  payerCpfCnpj: "52998224725",
  plate: "mgd1e23",
  uf: "MG",
  renavam: "01234567803",
  method: "credit_card",
  cardBrand: "visa",
  cardLastFour: "1111",
  installments: 3,
  amountCents: 112_345,
  paidAt: "2026-11-24T15:05:00.000Z",
  ourReference: "0b6f1c1e-1d2b-4c3a-9e8f-a1b2c3d4e5f6",
  paymentId: "pay_123",
  transactionId: "tx_456",
  debts: [
    {
      title: "Multa – excesso de velocidade",
      type: "ticket",
      ait: "AB123456",
      amountCents: 50_000,
      status: "settled",
      settledAt: "2026-11-24T18:30:00.000Z",
    },
    {
      title: "IPVA 2026 – cota única",
      type: "ipva",
      year: 2026,
      amountCents: 52_345,
      status: "pending",
    },
  ],
  issuedAt: new Date("2026-11-25T12:00:00.000Z"),
  ...over,
});

describe("buildReceiptModel", () => {
  it("masks the CPF and the RENAVAM; shows the plate in display form", () => {
    const m = buildReceiptModel(source());
    expect(m.payer).toEqual({ name: "João da Conceição", document: "***.982.247-**" });
    expect(m.vehicle).toEqual({ plate: "MGD1E23", uf: "MG", renavam: "*******7803" });
    expect(JSON.stringify(m)).not.toContain("52998224725");
    expect(JSON.stringify(m)).not.toContain("0123456");
  });

  it("interest is what was charged beyond the debts; total is the amount charged", () => {
    const m = buildReceiptModel(source());
    expect(m.debtsTotalCents).toBe(102_345);
    expect(m.totalCents).toBe(112_345);
    expect(m.interestCents).toBe(10_000);
  });

  it("without a known amount the total is the debts' sum and the interest zero", () => {
    const m = buildReceiptModel(source({ amountCents: null }));
    expect([m.totalCents, m.interestCents]).toEqual([102_345, 0]);
  });

  it("card: brand, last four and installments only; PIX: PIX", () => {
    expect(buildReceiptModel(source()).method).toBe("Visa final 1111 em 3x");
    expect(buildReceiptModel(source({ cardBrand: "amex", installments: 1 })).method).toBe(
      "American Express final 1111 em 1x",
    );
    expect(
      buildReceiptModel(
        source({ method: "pix", cardBrand: null, cardLastFour: null, installments: null }),
      ).method,
    ).toBe("PIX");
    // A malformed "last four" (anything but 4 digits) is never printed.
    expect(buildReceiptModel(source({ cardLastFour: "4111111111111111" })).method).toBe(
      "Visa em 3x",
    );
  });

  it("each debt: title, AIT or year, amount, settlement with its date (São Paulo time)", () => {
    const [fine, ipva] = buildReceiptModel(source()).debts;
    expect(fine).toMatchObject({
      title: "Multa – excesso de velocidade",
      reference: "AIT AB123456",
      amount: "R$\u00a0500,00",
      settled: true,
      settlement: "Quitado em 24/11/2026 às 15:30",
    });
    expect(ipva).toMatchObject({
      reference: "Exercício 2026",
      amount: "R$\u00a0523,45",
      settled: false,
    });
    expect(ipva!.settlement).not.toMatch(/Quitado/);
  });

  it("title: 'de pagamento' while a debt is unsettled, 'quitado' once every one is", () => {
    expect(buildReceiptModel(source()).title).toBe(RECEIPT_TITLES.partial);
    const all = source().debts.map((d) => ({
      ...d,
      status: "settled",
      settledAt: "2026-11-26T10:00:00.000Z",
    }));
    const m = buildReceiptModel(source({ debts: all }));
    expect(m).toMatchObject({ title: "Comprovante — quitado", quitado: true });
    expect(buildReceiptModel(source({ debts: [] })).quitado).toBe(false);
  });

  it("paid at and issued at in pt-BR; references as given", () => {
    const m = buildReceiptModel(source());
    expect(m.paidAt).toBe("24/11/2026 às 12:05");
    expect(m.issuedAt).toBe("25/11/2026 às 09:00");
    expect(m.references).toEqual({
      ours: "0b6f1c1e-1d2b-4c3a-9e8f-a1b2c3d4e5f6",
      paymentId: "pay_123",
      transactionId: "tx_456",
    });
    expect(
      buildReceiptModel(source({ paymentId: null, transactionId: null })).references,
    ).toMatchObject({ paymentId: "—", transactionId: "—" });
  });

  it("a CNPJ payer is masked too, as in the e-mail the PDF is attached to", () => {
    expect(buildReceiptModel(source({ payerCpfCnpj: "11222333000181" })).payer.document).toBe(
      "11.***.***/0001-**",
    );
  });

  it("receiptAmounts: the same method, debts, interest and total as the comprovante", () => {
    const m = buildReceiptModel(source());
    const a = receiptAmounts(source());
    expect([a.method, a.debtsTotalCents, a.interestCents, a.totalCents]).toEqual([
      m.method,
      m.debtsTotalCents,
      m.interestCents,
      m.totalCents,
    ]);
    expect(a.debts).toEqual(
      m.debts.map((d) => ({ title: d.title, reference: d.reference, amountCents: d.amountCents })),
    );
  });
});

describe("the delisting check on the comprovante", () => {
  const settledDebts = source().debts.map((d, i) => ({
    ...d,
    status: "settled",
    settledAt: "2026-11-24T18:30:00.000Z",
    debtId: `d${i}`,
  }));
  const view = (state: "checking" | "confirmed" | "still_listed" | "unverified") => ({
    state,
    ...(state === "checking" ? {} : { decidedAt: "2026-11-27T02:30:00.000Z" }),
    debts: settledDebts.map((d, i) => ({
      debtId: d.debtId,
      state: state === "checking" && i === 1 ? ("checking" as const) : ("confirmed" as const),
      confirmedAt: `2026-11-2${5 + i}T13:00:00.000Z`,
    })),
  });
  const withFacts = (facts: ReturnType<typeof receiptDelisting>) =>
    buildReceiptModel(
      source({
        debts: settledDebts.map((d) => ({
          ...d,
          delistedAt: facts?.debts.find((x) => x.debtId === d.debtId)?.confirmedAt ?? null,
        })),
        delistingConfirmedAt: facts?.decidedAt ?? null,
      }),
    );

  it("confirmed: the document and each debt say when, as a São Paulo date", () => {
    const m = withFacts(receiptDelisting(view("confirmed")));
    // 02:30 UTC on the 27th is still the 26th in São Paulo.
    expect(m.delisting).toBe("Baixa confirmada pelo órgão em 26/11/2026");
    expect(m.debts.map((d) => d.delisting)).toEqual([
      "Baixa confirmada pelo órgão em 25/11/2026",
      "Baixa confirmada pelo órgão em 26/11/2026",
    ]);
  });

  it("checking, still listed or unverified: nothing new on the comprovante", () => {
    for (const state of ["checking", "still_listed", "unverified"] as const) {
      expect(receiptDelisting(view(state))).toBeNull();
      const m = withFacts(receiptDelisting(view(state)));
      expect(m.delisting).toBeNull();
      expect(m.debts.every((d) => d.delisting === null)).toBe(true);
    }
    expect(receiptDelisting(null)).toBeNull();
    expect(buildReceiptModel(source()).delisting).toBeNull();
  });
});

describe("maskRenavam", () => {
  it.each([
    ["01234567803", "*******7803"],
    ["012.345.678-03", "*******7803"],
    ["12", "***"],
  ])("%s -> %s", (input, masked) => expect(maskRenavam(input)).toBe(masked));
});

describe("receiptPdf", () => {
  it("writes a PDF, and a character outside WinAnsi (an emoji in a name) becomes '?' instead of failing the document", async () => {
    const { receiptPdf, winAnsiSafe } = await import("@/lib/receipts/receipt-pdf");
    expect(winAnsiSafe("Conceição º — João 🚗")).toBe("Conceição º — João ?");
    const pdf = await receiptPdf(buildReceiptModel(source({ payerName: "Zé 🚗 da Conceição" })), {
      name: "Empresa",
      cnpj: "45.098.123/0001-45",
    });
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe("%PDF-");
  });
});
