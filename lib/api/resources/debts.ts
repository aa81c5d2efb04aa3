import "server-only";

// A lookup's debt as every API answer shows it: what a link's `debtIds` names.

export const DEBT_COLUMNS = {
  debtId: true,
  type: true,
  title: true,
  amountCents: true,
  dueDate: true,
  required: true,
} as const;

export type DebtRow = {
  debtId: string;
  type: string;
  title: string;
  amountCents: number;
  dueDate: Date | null;
  required: boolean;
};

export const debtOut = (d: DebtRow) => ({
  id: d.debtId,
  type: d.type,
  title: d.title,
  amountCents: d.amountCents,
  dueDate: d.dueDate?.toISOString() ?? null,
  required: d.required,
});
