import { describe, expect, it } from "vitest";
import {
  IN_ANALYSIS,
  PAYMENT_IN_FLIGHT,
  REFUSED_FORM_KEPT,
  refusedNextSteps,
} from "@/lib/rules/payment-guidance";

describe("a card under review", () => {
  it("says what the review is and that no second payment should be made", () => {
    expect(IN_ANALYSIS.what).toMatch(/análise antifraude/);
    expect(IN_ANALYSIS.noSecondPayment).toMatch(/^Não faça outro pagamento/);
    expect(IN_ANALYSIS.noSecondPayment).toMatch(/pagaria duas vezes/);
    expect(PAYMENT_IN_FLIGHT.body).toMatch(/^Não pague de novo/);
  });
});

describe("a refused card", () => {
  it("lists what to try next, the most likely fix first, PIX last and only where offered", () => {
    const steps = refusedNextSteps();
    expect(steps[0]).toMatch(/Confira o número, a validade e o CVV/);
    expect(steps.at(-1)).toMatch(/^Pague com PIX/);
    expect(refusedNextSteps(false).some((s) => /PIX/.test(s))).toBe(false);
    expect(refusedNextSteps(false)).toHaveLength(steps.length - 1);
  });

  it("says the number and the CVV must be typed again and are never kept", () => {
    expect(REFUSED_FORM_KEPT).toMatch(/o número do cartão e o CVV não ficam guardados/);
    expect(REFUSED_FORM_KEPT).toMatch(/nome, a validade e as parcelas/);
  });
});
