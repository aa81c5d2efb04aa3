// Plain pt-BR sentences for every dependency and conflict, shown next to the checkboxes and in
// the server's 4xx answers, so the person always knows why a debt came along or cannot be added.

import type {
  Because,
  BlockedSelection,
  DebtForSelection,
  SelectionProblem,
} from "./debt-selection";

type Debts = readonly DebtForSelection[];

const MISSING_TITLE = "um débito que não veio nesta consulta";

function titleOf(id: string, debts: Debts): string {
  return debts.find((debt) => debt.id === id)?.title ?? MISSING_TITLE;
}

// Agreement ("pago"/"paga", "ele"/"ela") follows the title's first word: fines are "Multa ...",
// fees often "Taxa ...", while IPVA, Licenciamento and most others are masculine.
const FEMININE_HEADS = new Set([
  "multa",
  "multas",
  "taxa",
  "taxas",
  "tarifa",
  "infração",
  "autuação",
  "notificação",
  "vistoria",
  "parcela",
  "guia",
]);

function isFeminine(id: string, debts: Debts): boolean {
  const title = debts.find((debt) => debt.id === id)?.title;
  if (title === undefined) return false; // "um débito ..." is masculine
  return FEMININE_HEADS.has(title.trim().split(/\s+/)[0]!.toLowerCase());
}

const paid = (id: string, debts: Debts) => (isFeminine(id, debts) ? "paga" : "pago");

/** `A`, `A e B`, `A, B e C`. */
export function joinPt(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} e ${items.at(-1)}`;
}

function chooseOne(ids: readonly string[], debts: Debts): string {
  const allFeminine = ids.every((id) => isFeminine(id, debts));
  if (ids.length === 2) return allFeminine ? "escolha uma das duas" : "escolha um dos dois";
  return allFeminine ? "escolha apenas uma delas" : "escolha apenas um deles";
}

/** "Licenciamento 2026 precisa ser pago junto com IPVA 2026 (cota única), por isso ele também foi selecionado." */
export function explainAddedAlongside(added: Because, debts: Debts): string {
  const pronoun = isFeminine(added.id, debts)
    ? "ela também foi selecionada"
    : "ele também foi selecionado";
  return `${titleOf(added.because, debts)} precisa ser ${paid(added.because, debts)} junto com ${titleOf(added.id, debts)}, por isso ${pronoun}.`;
}

/** "Licenciamento 2026 também saiu da seleção, porque precisa ser pago junto com IPVA 2026 (cota única)." */
export function explainRemovedAlongside(removed: Because, debts: Debts): string {
  return `${titleOf(removed.id, debts)} também saiu da seleção, porque precisa ser ${paid(removed.id, debts)} junto com ${titleOf(removed.because, debts)}.`;
}

/** "Não é possível pagar IPVA 2026 (3 parcelas) junto com IPVA 2026 (cota única): escolha um dos dois." */
export function explainConflict(id: string, others: readonly string[], debts: Debts): string {
  const withWhom = joinPt(others.map((other) => titleOf(other, debts)));
  return `Não é possível pagar ${titleOf(id, debts)} junto com ${withWhom}: ${chooseOne([id, ...others], debts)}.`;
}

/** One sentence per reason why a debt cannot be added now. */
export function explainBlocked(blocked: BlockedSelection, debts: Debts): string[] {
  const title = titleOf(blocked.id, debts);
  if (blocked.reason === "unknown") {
    return ["Este débito não faz parte desta consulta. Atualize a página e escolha de novo."];
  }
  if (blocked.reason === "missingDependency") {
    const pronoun = isFeminine(blocked.id, debts) ? "ela" : "ele";
    return [
      `Não é possível pagar ${title} por aqui: ${pronoun} precisa ser ${paid(blocked.id, debts)} junto com ${MISSING_TITLE}. Faça uma nova consulta ou fale com o suporte.`,
    ];
  }
  return blocked.pairs.map(({ needed, conflictsWith }) => {
    if (needed === blocked.id) return explainConflict(blocked.id, [conflictsWith], debts);
    return (
      `${title} precisa ser ${paid(blocked.id, debts)} junto com ${titleOf(needed, debts)}, que não pode ser ` +
      `${paid(needed, debts)} junto com ${titleOf(conflictsWith, debts)}: ${chooseOne([blocked.id, conflictsWith], debts)}.`
    );
  });
}

/** Sentences for the server's answer when a submitted selection breaks a rule. */
export function explainSelectionProblem(problem: SelectionProblem, debts: Debts): string {
  switch (problem.rule) {
    case "unknown":
      return "Um dos débitos escolhidos não faz parte desta consulta. Atualize a página e escolha de novo.";
    case "dependsOn": {
      const missing = joinPt(problem.missing.map((id) => titleOf(id, debts)));
      return `${titleOf(problem.debtId, debts)} precisa ser ${paid(problem.debtId, debts)} junto com ${missing}.`;
    }
    case "distinct":
      return explainConflict(problem.debtId, problem.conflictsWith, debts);
  }
}

/**
 * A refused selection in words, for the server's answer and the payment step alike. A sentence
 * two problems share (two ids this lookup does not have) is said once.
 */
export function explainSelection(problems: readonly SelectionProblem[], debts: Debts): string {
  return [...new Set(problems.map((problem) => explainSelectionProblem(problem, debts)))].join(" ");
}
