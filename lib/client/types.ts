// Browser-facing JSON shapes, as docs/internal-api.md defines them. Money in integer cents,
// dates as ISO strings (JSON has no Date).

import type { DebtType } from "@/lib/rules/debt-selection";

export type VehicleView = {
  plate: string;
  uf: string;
  municipality?: string;
  make: string;
  model: string;
  manufactureYear: string;
  modelYear: string;
  color: string;
  fuel: string;
  category?: string;
  kind?: string;
  situation: string;
  restrictions: string[];
};

export type LookupStatus = "pending" | "delayed" | "debts" | "no_debts" | "not_found" | "error" | "failed";

export type DebtView = {
  id: string;
  type: DebtType | (string & {});
  title: string;
  description: string;
  amountCents: number;
  dueDate?: string | null;
  expirationDate?: string | null;
  hasDiscount: boolean;
  isExpired: boolean;
  year?: number | null;
  required: boolean;
  dependsOn: string[];
  distinct: string[];
  ait?: string | null;
};

export type LookupView = {
  id: string;
  status: LookupStatus;
  uf: string;
  plate: string;
  createdAt: string;
  errorCode?: string | null;
  message?: string | null;
  debts: DebtView[];
};

export type InstallmentView = {
  number: number;
  installmentCents: number;
  totalCents: number;
  interestCents: number;
  interestRate?: number;
};

export type InstallmentsAnswer = { options: InstallmentView[]; pix: { totalCents: number; interestCents: number } };

export type TimelineEntry = { status: string; liquidationStatus?: string | null; at: string };

export type PaymentView = {
  ref: string;
  method: "credit_card" | "pix";
  status: string;
  liquidationStatus?: string | null;
  amountCents?: number | null;
  installments?: number | null;
  cardBrand?: string | null;
  cardLastFour?: string | null;
  pix?: { qrCode: string; expiresAt: string } | null;
  paidAt?: string | null;
  settledAt?: string | null;
  failureMessage?: string | null;
  timeline: TimelineEntry[];
  debts: { id: string; title: string; amountCents: number; status: string; settledAt?: string | null }[];
  checkoutToken: string;
  isFinal: boolean;
};

export type CheckoutView = {
  token: string;
  status: "open" | "paid" | "expired";
  kind: "owner" | "share";
  amountCents: number;
  expiresAt: string;
  plate: string;
  uf: string;
  customer: { name: string; emailMasked: string; phoneMasked: string; cpfCnpjMasked: string };
  debts: { id: string; title: string; type: string; amountCents: number }[];
  latestPayment?: PaymentView | null;
};

export type LinkStatus = "open" | "paid" | "expired";

/** GET /api/links: one share link of this browser ("Meus links"). */
export type LinkView = {
  token: string;
  status: LinkStatus;
  plate: string;
  uf: string;
  customerName: string;
  amountCents: number;
  debtCount: number;
  createdAt: string;
  expiresAt: string;
  payment?: { ref: string; method: string; status: string; liquidationStatus?: string | null; paidAt?: string | null; debtsSettled: number; debtsTotal: number };
  renewedBy?: string;
};
