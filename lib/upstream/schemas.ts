// A zod schema for every upstream answer: never trust the shape. Objects are not strict, so
// fields upstream adds later are ignored; fields the spec marks "not shown" are optional.
import { z } from "zod";

/** Reais: a JSON number (a numeric string is tolerated). */
export const reaisSchema = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

/** The spec says integer in one table and "string or integer" in another: normalised to string. */
export const transactionIdSchema = z.union([z.number().int(), z.string().min(1)]).transform(String);

const text = z.string().nullish();
const isoDate = z.string().nullish();

export const vehicleDataSchema = z.object({
  placa: z.string(),
  renavam: text,
  chassi: text,
  uf: z.string(),
  municipio: text,
  marca: text,
  modelo: text,
  anoFabricacao: z.union([z.string(), z.number()]).nullish(),
  anoModelo: z.union([z.string(), z.number()]).nullish(),
  cor: text,
  combustivel: text,
  categoria: text,
  especie: text,
  tipo: text,
  carroceria: text,
  potencia: z.union([z.string(), z.number()]).nullish(),
  cilindradas: z.union([z.string(), z.number()]).nullish(),
  capacidadePassageiros: z.number().int().nullish(),
  procedencia: text,
  situacao: text,
  dataRegistro: isoDate,
  restricoes: z.array(z.string()).nullish(),
});
export const enrichmentAnswerSchema = z.object({
  success: z.boolean().optional(),
  data: vehicleDataSchema,
});

/** A Debt as the lookup webhook and the synchronous lookup answer carry it. */
export const wireDebtSchema = z.object({
  id: z.string().min(1),
  amount: reaisSchema,
  title: z.string(),
  description: text,
  type: z.string(),
  dueDate: isoDate,
  expirationDate: isoDate,
  hasDiscount: z.boolean().nullish(),
  isExpired: z.boolean().nullish(),
  year: z.number().int().nullish(),
  required: z.boolean().nullish(),
  dependsOn: z.array(z.string()).nullish(),
  distinct: z.array(z.string()).nullish(),
  ait: text,
});
export type WireDebt = z.output<typeof wireDebtSchema>;

export const lookupAckSchema = z.object({
  transactionId: transactionIdSchema,
  externalId: z.string().min(1),
  status: z.string().optional(),
  message: z.string().optional(),
});
export const lookupSyncSchema = z.object({
  success: z.boolean().optional(),
  transactionId: transactionIdSchema,
  debts: z.array(wireDebtSchema),
  totalAmount: reaisSchema.nullish(),
});

export const cardTokenAnswerSchema = z.object({
  success: z.boolean().optional(),
  data: z.object({
    token: z.string().min(1),
    brand: z.string(),
    lastFourDigits: z.string(),
    expiresAt: z.string(),
  }),
});

export const installmentsAnswerSchema = z.object({
  success: z.boolean().optional(),
  amount: reaisSchema.optional(),
  installments: z.array(
    z.object({
      number: z.number().int().min(1).max(12),
      installmentAmount: reaisSchema,
      totalAmount: reaisSchema,
      interestRate: z.number(),
      interestAmount: reaisSchema,
    }),
  ),
});

export const checkoutAnswerSchema = z.object({
  success: z.boolean().optional(),
  checkoutId: z.string().min(1),
  amount: reaisSchema,
  debts: z.array(z.object({ id: z.string(), amount: reaisSchema })).default([]),
  expiresAt: z.string(),
});

/** Both the card and the PIX answer; status is missing when the synchronous answer timed out. */
export const paymentAnswerSchema = z.object({
  success: z.boolean().optional(),
  paymentId: z.string().min(1).nullish(),
  status: z.string().min(1).nullish(),
  transactionId: transactionIdSchema.nullish(),
  amount: reaisSchema.nullish(),
  installments: z.number().int().nullish(),
  paidAt: isoDate,
  qrCode: text,
  qrCodeImage: text,
  expiresAt: isoDate,
});

export const paymentStatusAnswerSchema = z.object({
  success: z.boolean().optional(),
  paymentId: z.string().min(1),
  status: z.string().min(1),
  liquidationStatus: text,
  amount: reaisSchema.nullish(),
  paidAt: isoDate,
  settledAt: isoDate,
  debts: z.array(z.object({ id: z.string(), status: z.string(), settledAt: isoDate })).nullish(),
});

export const webhookRegisterAnswerSchema = z.object({
  request_id: z.string(),
  status: z.string(),
  message: z.string().optional().default(""),
});

/** The health body is "not shown" in the spec: any JSON (or nothing) with a 2xx is healthy. */
export const healthAnswerSchema = z.unknown();
