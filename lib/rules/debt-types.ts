// Types shared by the debt selection rules, presets and explanations.

export type DebtType = "ticket" | "ipva" | "licensing" | "service";

export type DebtForSelection = {
  id: string;
  title: string;
  amountCents: number;
  type: DebtType;
  year: number | null;
  required: boolean;
  dependsOn: readonly string[];
  distinct: readonly string[];
};

export type Because = { id: string; because: string };

export type BlockedSelection = {
  id: string;
  /** distinct: the closure meets a conflict; missingDependency: a dependsOn id is not among the
   * debts of this lookup (upstream inconsistency: it can never be paid); unknown: no such id. */
  reason: "distinct" | "missingDependency" | "unknown";
  /** Ids that stand in the way: conflicting debts, or the missing / unknown ids. */
  by: string[];
  /** For distinct: which debt being added (`needed`, the id itself or a dependency) meets which. */
  pairs: Array<{ needed: string; conflictsWith: string }>;
};

export type SelectResult = {
  selection: string[];
  addedAlongside: Because[];
  blocked?: BlockedSelection;
};
export type UnselectResult = { selection: string[]; removedAlongside: Because[] };

export type SelectionProblem =
  | { rule: "dependsOn"; debtId: string; missing: string[] }
  | { rule: "distinct"; debtId: string; conflictsWith: string[] }
  | { rule: "unknown"; debtId: string };

export type SelectionValidation = { ok: true } | { ok: false; problems: SelectionProblem[] };
