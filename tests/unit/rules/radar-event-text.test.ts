import { describe, expect, it } from "vitest";
import {
  canMakeLink,
  describeRadarEvent,
  type RadarEventFacts,
} from "@/lib/rules/radar-event-text";

// What the Radar page and the digest say of each event, and which events lead to "Gerar link".

// Intl puts a no-break space after R$.
const R = "R$\u00a0";

const base: RadarEventFacts = {
  kind: "appeared",
  reason: null,
  title: "Multa - Radar",
  amountCents: 19_523,
  previousAmountCents: null,
  dueDate: null,
};

describe("describeRadarEvent", () => {
  it("says each kind and reason in pt-BR, with the amounts and the date", () => {
    expect(describeRadarEvent({ ...base, dueDate: "2026-12-10T15:00:00.000Z" })).toEqual({
      label: "Novo débito",
      sentence: `Multa - Radar: ${R}195,23, vence em 10/12/2026.`,
    });
    expect(
      describeRadarEvent({
        ...base,
        kind: "amountChanged",
        reason: "discountEnded",
        previousAmountCents: 7_810,
        amountCents: 13_016,
      }).sentence,
    ).toBe(`Multa - Radar passou de ${R}78,10 para ${R}130,16 (o desconto acabou).`);
    expect(
      describeRadarEvent({
        ...base,
        kind: "amountChanged",
        reason: "increased",
        previousAmountCents: 13_016,
        amountCents: 13_277,
      }).sentence,
    ).toContain("(juros ou multa de atraso)");
    expect(
      describeRadarEvent({ ...base, kind: "disappeared", reason: "settledAfterOurPayment" }),
    ).toMatchObject({ label: "Baixa confirmada" });
    expect(
      describeRadarEvent({ ...base, kind: "disappeared", reason: "goneElsewhere" }).sentence,
    ).toContain("pago em outro lugar");
    expect(
      describeRadarEvent({ ...base, kind: "discountEnds", dueDate: "2026-12-01T15:00:00.000Z" })
        .sentence,
    ).toBe(`Multa - Radar: o desconto vale até 01/12/2026 (${R}195,23).`);
    expect(
      describeRadarEvent({
        ...base,
        kind: "dueSoon",
        title: "IPVA 2026 - Parcela 2/3",
        amountCents: 63_309,
        dueDate: "2026-12-01T15:00:00.000Z",
      }).sentence,
    ).toBe(`IPVA 2026 - Parcela 2/3 vence em 01/12/2026 (${R}633,09).`);
    expect(
      describeRadarEvent({ ...base, kind: "stopped", reason: "wrong_document", title: null })
        .sentence,
    ).toContain("CPF/CNPJ do cliente não confere");
    expect(
      describeRadarEvent({ ...base, kind: "stopped", reason: "vehicle_not_found", title: null })
        .sentence,
    ).toContain("O Detran não encontrou este veículo");
  });
});

describe("canMakeLink", () => {
  it("only for a debt still there, with the lookup it was seen in", () => {
    const facts = { debtId: "d1", lookupId: "l1" };
    for (const kind of ["appeared", "amountChanged", "discountEnds", "dueSoon"])
      expect(canMakeLink({ kind, ...facts })).toBe(true);
    for (const kind of ["disappeared", "stopped"])
      expect(canMakeLink({ kind, ...facts })).toBe(false);
    expect(canMakeLink({ kind: "appeared", debtId: null, lookupId: "l1" })).toBe(false);
    expect(canMakeLink({ kind: "appeared", debtId: "d1", lookupId: null })).toBe(false);
  });
});
