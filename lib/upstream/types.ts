// Our domain types for what upstream returns: integer cents (reais only on the wire), Dates,
// English camelCase names. Mappers in ./mappers.ts build them from the parsed wire shapes.
import type { Uf } from "@/lib/rules/uf";

export type { Uf };

/** Registration data from enrichment. Never owner data (upstream does not return it). */
export type Vehicle = {
  plate: string;
  renavam: string;
  chassis: string;
  uf: string;
  municipality: string;
  make: string;
  model: string;
  manufactureYear: string;
  modelYear: string;
  color: string;
  fuel: string;
  category: string;
  species: string;
  vehicleType: string;
  bodyType: string;
  powerCv: string;
  displacementCc: string;
  passengerCapacity: number | null;
  origin: string;
  situation: string;
  /** YYYY-MM-DD, a calendar day (not an instant). */
  registrationDate: string | null;
  restrictions: string[];
};

export type Debt = {
  id: string;
  amountCents: number;
  title: string;
  description: string;
  /** ticket | ipva | licensing | service; kept verbatim when upstream adds another. */
  type: string;
  dueDate: Date | null;
  expirationDate: Date | null;
  hasDiscount: boolean;
  isExpired: boolean;
  year: number | null;
  required: boolean;
  dependsOn: string[];
  distinct: string[];
  ait?: string;
};

export type DebtLookupStart =
  | { kind: "ack"; transactionId: string; externalId: string }
  | { kind: "sync"; transactionId: string; debts: Debt[]; totalCents: number };

export type CardToken = { token: string; brand: string; lastFourDigits: string; expiresAt: Date };

export type InstallmentOption = {
  number: number;
  installmentCents: number;
  totalCents: number;
  interestCents: number;
  /** Percent, as upstream sends it. */
  interestRate: number;
};

export type UpstreamCheckout = {
  checkoutId: string;
  amountCents: number;
  debts: { id: string; amountCents: number }[];
  expiresAt: Date;
};

export type { PaymentMethod } from "@/lib/rules/payment-method";

export type PaymentAnswer =
  | {
      kind: "answered";
      paymentId: string;
      status: string;
      transactionId?: string;
      amountCents?: number;
      installments?: number;
      paidAt?: Date;
      pix?: { qrCode: string; qrCodeImage?: string; expiresAt: Date };
    }
  /** The synchronous answer timed out or came without a status: not an error (spec). */
  | { kind: "timed_out"; paymentId?: string; transactionId?: string };

export type UpstreamPaymentStatus = {
  paymentId: string;
  status: string;
  liquidationStatus: string | null;
  amountCents: number | null;
  paidAt: Date | null;
  settledAt: Date | null;
  debts: { id: string; status: string; settledAt: Date | null }[];
};

export type PaymentRef = { paymentId: string } | { transactionId: string } | { externalId: string };

export type WebhookRegistration = { requestId: string; status: string; message: string };
