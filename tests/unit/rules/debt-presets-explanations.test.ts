import { describe, expect, it } from "vitest";
import {
  explainAddedAlongside,
  explainBlocked,
  explainConflict,
  explainRemovedAlongside,
  explainSelection,
  explainSelectionProblem,
  joinPt,
} from "@/lib/rules/debt-explanations";
import { presetAll, presetFinesOnly, presetLicensing } from "@/lib/rules/debt-presets";
import { select, unselect, validateSelection } from "@/lib/rules/debt-selection";
import { IDS, makeDebt, spCatalog } from "../support/debt-factory";

const debts = spCatalog();

describe("presets", () => {
  it("everything: prefers the IPVA option licensing needs, and says what was left out", () => {
    const { selection, leftOut } = presetAll(debts);
    expect(selection).toEqual([IDS.ipvaCota, IDS.licensing, IDS.fineOld, IDS.fineNew, IDS.fee]);
    expect(leftOut).toEqual([
      {
        id: IDS.ipvaParcelas,
        reason: "distinct",
        by: [IDS.ipvaCota],
        pairs: [{ needed: IDS.ipvaParcelas, conflictsWith: IDS.ipvaCota }],
      },
    ]);
  });

  it("everything: without a required side, the cheaper option wins", () => {
    const cheap = makeDebt({ id: "cheap", amountCents: 100, distinct: ["dear"] });
    const dear = makeDebt({ id: "dear", amountCents: 200 });
    expect(presetAll([dear, cheap]).selection).toEqual(["cheap"]);
  });

  it("licensing: the required debts and their closure", () => {
    expect(presetLicensing(debts)).toEqual({
      selection: [IDS.ipvaCota, IDS.licensing],
      leftOut: [],
    });
  });

  it("licensing: picks one of two required alternatives", () => {
    const a = makeDebt({ id: "a", required: true, amountCents: 300, distinct: ["b"] });
    const b = makeDebt({ id: "b", required: true, amountCents: 200 });
    const result = presetLicensing([a, b]);
    expect(result.selection).toEqual(["b"]);
    expect(result.leftOut.map((x) => x.id)).toEqual(["a"]);
  });

  it("fines only: tickets and what they depend on", () => {
    expect(presetFinesOnly(debts).selection).toEqual([IDS.fineOld, IDS.fineNew]);
    expect(presetFinesOnly([]).selection).toEqual([]);
  });
});

describe("explanations", () => {
  it("explains a dependency brought along", () => {
    const { addedAlongside } = select([], IDS.licensing, debts);
    expect(addedAlongside.map((added) => explainAddedAlongside(added, debts))).toEqual([
      "Licenciamento 2026 precisa ser pago junto com IPVA 2026 (cota única), por isso ele também foi selecionado.",
    ]);
  });

  it("agrees in gender with feminine titles", () => {
    const { addedAlongside } = select([], IDS.fineNew, debts);
    expect(explainAddedAlongside(addedAlongside[0]!, debts)).toBe(
      "Multa por excesso de velocidade precisa ser paga junto com Multa por estacionamento irregular, por isso ela também foi selecionada.",
    );
  });

  it("explains a direct conflict", () => {
    const { blocked } = select([IDS.ipvaCota], IDS.ipvaParcelas, debts);
    expect(explainBlocked(blocked!, debts)).toEqual([
      "Não é possível pagar IPVA 2026 (3 parcelas) junto com IPVA 2026 (cota única): escolha um dos dois.",
    ]);
  });

  it("explains a conflict met through a dependency", () => {
    const { blocked } = select([IDS.ipvaParcelas], IDS.licensing, debts);
    expect(explainBlocked(blocked!, debts)).toEqual([
      "Licenciamento 2026 precisa ser pago junto com IPVA 2026 (cota única), que não pode ser pago junto com IPVA 2026 (3 parcelas): escolha um dos dois.",
    ]);
  });

  it("explains a dependency the lookup did not return, and an unknown debt", () => {
    const a = makeDebt({ id: "a", title: "Taxa de vistoria", dependsOn: ["ghost"] });
    expect(explainBlocked(select([], "a", [a]).blocked!, [a])[0]).toBe(
      "Não é possível pagar Taxa de vistoria por aqui: ela precisa ser paga junto com um débito que não veio nesta consulta. Faça uma nova consulta ou fale com o suporte.",
    );
    expect(explainBlocked(select([], "ghost", [a]).blocked!, [a])[0]).toContain(
      "não faz parte desta consulta",
    );
  });

  it("explains what an unselect took along", () => {
    const { removedAlongside } = unselect([IDS.ipvaCota, IDS.licensing], IDS.ipvaCota, debts);
    expect(removedAlongside.map((removed) => explainRemovedAlongside(removed, debts))).toEqual([
      "Licenciamento 2026 também saiu da seleção, porque precisa ser pago junto com IPVA 2026 (cota única).",
    ]);
  });

  it("explains each server-side problem", () => {
    const result = validateSelection([IDS.fineNew, IDS.ipvaCota, IDS.ipvaParcelas, "ghost"], debts);
    if (result.ok) throw new Error("expected problems");
    expect(result.problems.map((problem) => explainSelectionProblem(problem, debts))).toEqual([
      "Multa por excesso de velocidade precisa ser paga junto com Multa por estacionamento irregular.",
      "Não é possível pagar IPVA 2026 (cota única) junto com IPVA 2026 (3 parcelas): escolha um dos dois.",
      "Não é possível pagar IPVA 2026 (3 parcelas) junto com IPVA 2026 (cota única): escolha um dos dois.",
      "Um dos débitos escolhidos não faz parte desta consulta. Atualize a página e escolha de novo.",
    ]);
  });

  it("says a refused selection in one text, each sentence once", () => {
    const result = validateSelection([IDS.fineNew, "ghost-1", "ghost-2"], debts);
    if (result.ok) throw new Error("expected problems");
    expect(explainSelection(result.problems, debts)).toBe(
      "Multa por excesso de velocidade precisa ser paga junto com Multa por estacionamento irregular. " +
        "Um dos débitos escolhidos não faz parte desta consulta. Atualize a página e escolha de novo.",
    );
  });

  it("uses feminine agreement when both sides are feminine, and joins lists in pt-BR", () => {
    const a = makeDebt({ id: "a", title: "Multa A", distinct: ["b", "c"] });
    const b = makeDebt({ id: "b", title: "Multa B" });
    const c = makeDebt({ id: "c", title: "Multa C" });
    expect(explainConflict("a", ["b"], [a, b, c])).toBe(
      "Não é possível pagar Multa A junto com Multa B: escolha uma das duas.",
    );
    expect(explainConflict("a", ["b", "c"], [a, b, c])).toBe(
      "Não é possível pagar Multa A junto com Multa B e Multa C: escolha apenas uma delas.",
    );
    expect(joinPt(["A", "B", "C"])).toBe("A, B e C");
    expect(joinPt([])).toBe("");
  });
});
