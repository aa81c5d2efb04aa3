import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canTransition,
  canTransitionLiquidation,
  isFinal,
  KNOWN_PAYMENT_STATUSES,
  liquidationStatusLabel,
  mergePaymentStatus,
  paymentStatusLabel,
  paymentStatusTone,
} from "@/lib/rules/payment-status";

describe("payment status lattice", () => {
  it("a late processing after paid keeps paid", () => {
    expect(canTransition("paid", "processing")).toBe(false);
    expect(mergePaymentStatus("paid", "processing")).toBe("paid");
    expect(mergePaymentStatus("refused", "processing")).toBe("refused");
  });

  it("final statuses never change, not even to another final one", () => {
    for (const from of ["paid", "refused", "expired"]) {
      expect(isFinal(from)).toBe(true);
      for (const to of [...KNOWN_PAYMENT_STATUSES, "chargeback_review"])
        expect(canTransition(from, to)).toBe(false);
    }
  });

  it("moves forward through the non-final statuses", () => {
    expect(canTransition("pending", "awaiting_payment")).toBe(true);
    expect(canTransition("pending", "paid")).toBe(true);
    expect(canTransition("awaiting_payment", "paid")).toBe(true);
    expect(canTransition("awaiting_payment", "expired")).toBe(true);
    expect(canTransition("processing", "in_analysis")).toBe(true);
    expect(canTransition("in_analysis", "refused")).toBe(true);
    expect(canTransition("in_analysis", "processing")).toBe(false);
    expect(canTransition("processing", "awaiting_payment")).toBe(false);
    expect(canTransition("processing", "processing")).toBe(false);
    expect(canTransition("awaiting_payment", "pending")).toBe(false);
  });

  it("keeps unknown upstream statuses without letting them overwrite a final one", () => {
    expect(canTransition("processing", "chargeback_review")).toBe(true);
    expect(canTransition("chargeback_review", "paid")).toBe(true);
    expect(canTransition("chargeback_review", "pending")).toBe(false);
    expect(canTransition("paid", "chargeback_review")).toBe(false);
    expect(paymentStatusLabel("chargeback_review")).toBe("Em verificação com a operadora");
    expect(paymentStatusTone("chargeback_review")).toBe("waiting");
  });

  it("once final, any later sequence of updates keeps it", () => {
    const status = fc.oneof(
      fc.constantFrom(...KNOWN_PAYMENT_STATUSES),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.array(status, { maxLength: 20 }), (updates) => {
        let current = "pending";
        let finalSeen: string | null = null;
        for (const update of updates) {
          current = mergePaymentStatus(current, update);
          if (finalSeen !== null) expect(current).toBe(finalSeen);
          if (isFinal(current)) finalSeen ??= current;
        }
      }),
    );
  });

  it("labels every known status in pt-BR", () => {
    expect(KNOWN_PAYMENT_STATUSES.map(paymentStatusLabel)).toEqual([
      "Aguardando resposta",
      "Aguardando pagamento",
      "Processando",
      "Em análise",
      "Pago",
      "Recusado",
      "Expirado",
      "Não realizado",
      "Encerrado sem código",
    ]);
    expect(paymentStatusTone("paid")).toBe("success");
    expect(paymentStatusTone("refused")).toBe("danger");
  });
});

describe("liquidation", () => {
  it("moves toward settled and stays there", () => {
    expect(canTransitionLiquidation(null, "pending")).toBe(true);
    expect(canTransitionLiquidation("pending", "settled")).toBe(true);
    expect(canTransitionLiquidation("processing", "settled")).toBe(true);
    expect(canTransitionLiquidation("settled", "processing")).toBe(false);
    expect(canTransitionLiquidation("settled", "something_new")).toBe(false);
    expect(canTransitionLiquidation("processing", "pending")).toBe(false);
    expect(canTransitionLiquidation("something_new", "settled")).toBe(true);
    expect(liquidationStatusLabel("settled")).toBe("Quitado");
    expect(liquidationStatusLabel(undefined)).toBe("Aguardando baixa");
  });
});
