// Wire shapes (reais, Portuguese field names, ISO strings) -> our domain types (cents, Dates).
import type { z } from "zod";
import { reaisToCents } from "@/lib/rules/money";
import type {
  installmentsAnswerSchema,
  paymentAnswerSchema,
  paymentStatusAnswerSchema,
  vehicleDataSchema,
  WireDebt,
} from "./schemas";
import type {
  Debt,
  InstallmentOption,
  PaymentAnswer,
  UpstreamPaymentStatus,
  Vehicle,
} from "./types";

/** An ISO string to a Date; null for missing or unparsable values (never an Invalid Date). */
export function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const s = (v: string | number | null | undefined) =>
  v === null || v === undefined ? "" : String(v);

export function toVehicle(d: z.output<typeof vehicleDataSchema>): Vehicle {
  return {
    plate: d.placa,
    renavam: s(d.renavam),
    chassis: s(d.chassi),
    uf: d.uf,
    municipality: s(d.municipio),
    make: s(d.marca),
    model: s(d.modelo),
    manufactureYear: s(d.anoFabricacao),
    modelYear: s(d.anoModelo),
    color: s(d.cor),
    fuel: s(d.combustivel),
    category: s(d.categoria),
    species: s(d.especie),
    vehicleType: s(d.tipo),
    bodyType: s(d.carroceria),
    powerCv: s(d.potencia),
    displacementCc: s(d.cilindradas),
    passengerCapacity: d.capacidadePassageiros ?? null,
    origin: s(d.procedencia),
    situation: s(d.situacao),
    registrationDate: d.dataRegistro ?? null,
    restrictions: d.restricoes ?? [],
  };
}

/** Also used by the webhook handlers for the `debts` event. Missing rule fields mean "no rule". */
export function toDebt(d: WireDebt): Debt {
  return {
    id: d.id,
    amountCents: reaisToCents(d.amount),
    title: d.title,
    description: d.description ?? "",
    type: d.type,
    dueDate: toDate(d.dueDate),
    expirationDate: toDate(d.expirationDate),
    hasDiscount: d.hasDiscount ?? false,
    isExpired: d.isExpired ?? false,
    year: d.year ?? null,
    required: d.required ?? false,
    dependsOn: d.dependsOn ?? [],
    distinct: d.distinct ?? [],
    ...(d.ait ? { ait: d.ait } : {}),
  };
}

export function toInstallments(a: z.output<typeof installmentsAnswerSchema>): InstallmentOption[] {
  return a.installments
    .map((o) => ({
      number: o.number,
      installmentCents: reaisToCents(o.installmentAmount),
      totalCents: reaisToCents(o.totalAmount),
      interestCents: reaisToCents(o.interestAmount),
      interestRate: o.interestRate,
    }))
    .sort((x, y) => x.number - y.number);
}

export function toPaymentAnswer(a: z.output<typeof paymentAnswerSchema>): PaymentAnswer {
  const transactionId = a.transactionId ?? undefined;
  // Spec: "synchronous answer times out: no status in the response; final status arrives by webhook".
  if (!a.status || !a.paymentId) {
    return {
      kind: "timed_out",
      ...(a.paymentId ? { paymentId: a.paymentId } : {}),
      ...(transactionId ? { transactionId } : {}),
    };
  }
  const paidAt = toDate(a.paidAt);
  const pixExpiresAt = toDate(a.expiresAt);
  return {
    kind: "answered",
    paymentId: a.paymentId,
    status: a.status,
    ...(transactionId ? { transactionId } : {}),
    ...(a.amount !== null && a.amount !== undefined ? { amountCents: reaisToCents(a.amount) } : {}),
    ...(a.installments ? { installments: a.installments } : {}),
    ...(paidAt ? { paidAt } : {}),
    ...(a.qrCode && pixExpiresAt
      ? {
          pix: {
            qrCode: a.qrCode,
            ...(a.qrCodeImage ? { qrCodeImage: a.qrCodeImage } : {}),
            expiresAt: pixExpiresAt,
          },
        }
      : {}),
  };
}

export function toPaymentStatus(
  a: z.output<typeof paymentStatusAnswerSchema>,
): UpstreamPaymentStatus {
  return {
    paymentId: a.paymentId,
    status: a.status,
    liquidationStatus: a.liquidationStatus ?? null,
    amountCents: a.amount === null || a.amount === undefined ? null : reaisToCents(a.amount),
    paidAt: toDate(a.paidAt),
    settledAt: toDate(a.settledAt),
    debts: (a.debts ?? []).map((d) => ({
      id: d.id,
      status: d.status,
      settledAt: toDate(d.settledAt),
    })),
  };
}
