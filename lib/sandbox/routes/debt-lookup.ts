import { randomUUID } from "node:crypto";
import type { Hono } from "hono";
import { z } from "zod";
import type { LookupRecord, SandboxContext } from "../context";
import { apiKeyOf } from "../http/auth";
import { bodyOf } from "../http/json-body";
import { validationError } from "../http/validation";
import { produceDebts, resolveLookup, resultEvent, syncAnswer } from "../lookup/outcome";
import { lookupLatencyMs } from "../util/timing";
import { isUf, isValidCpfCnpj, isValidRenavam, normalizePlate } from "../validators";

const required = (field: string) => ({
  error: (iss: { input: unknown }) =>
    iss.input === undefined ? `${field} is required` : `${field} must be a string`,
});

const LookupBody = z.object({
  state: z
    .string(required("state"))
    .trim()
    .toUpperCase()
    .refine(isUf, { error: "state must be a UF code (e.g. MG, SP)" }),
  licensePlate: z
    .string(required("licensePlate"))
    .refine((s) => normalizePlate(s) !== null, { error: "licensePlate must be ABC1234 or ABC1D23" })
    .transform((s) => normalizePlate(s) ?? s),
  renavam: z
    .string(required("renavam"))
    .regex(/^\d{11}$/, { error: "renavam must have exactly 11 digits" })
    .refine(isValidRenavam, { error: "renavam check digit is invalid" }),
  cpfCnpj: z
    .string(required("cpfCnpj"))
    .regex(/^(\d{11}|\d{14})$/, {
      error: "cpfCnpj must be 11 (CPF) or 14 (CNPJ) digits, digits only",
    })
    .refine(isValidCpfCnpj, { error: "cpfCnpj check digits are invalid" }),
  externalId: z.uuid({ error: "externalId must be a UUID" }).optional(),
});

export function registerDebtLookupRoute(app: Hono, ctx: SandboxContext): void {
  // The answer first given for a lookup, replayed when the same externalId comes again.
  const answers = new WeakMap<LookupRecord, object>();

  app.post("/uvvi/v1/debts", async (c) => {
    const parsed = LookupBody.safeParse(await bodyOf(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const q = parsed.data;
    const apiKey = apiKeyOf(c);

    const previous =
      q.externalId !== undefined ? ctx.store.lookupsByExternalId.get(q.externalId) : undefined;
    const prevRecord = previous !== undefined ? ctx.store.lookups.get(previous) : undefined;
    const prevAnswer = prevRecord?.apiKey === apiKey ? answers.get(prevRecord) : undefined;
    if (prevAnswer) return c.json(prevAnswer, 200);

    const record: LookupRecord = {
      apiKey,
      transactionId: ctx.nextTransactionId(),
      externalId: q.externalId ?? randomUUID(),
      vehicle: {
        uf: q.state,
        licensePlate: q.licensePlate,
        renavam: q.renavam,
        document: q.cpfCnpj,
      },
      requestedAt: ctx.options.now(),
      debts: [],
    };
    ctx.store.lookups.set(record.transactionId, record);
    ctx.store.lookupsByExternalId.set(record.externalId, record.transactionId);

    const { outcome, vehicle } = resolveLookup(q, ctx.options.now());
    if (outcome.kind === "sync" && vehicle) {
      produceDebts(ctx, record, vehicle);
      record.outcome = "debts";
      const answer = syncAnswer(record);
      answers.set(record, answer);
      return c.json(answer, 200);
    }
    if (outcome.kind !== "never" && outcome.kind !== "sync") {
      ctx.schedule(
        () => ctx.webhooks.emit(apiKey, resultEvent(ctx, record, outcome, vehicle)),
        lookupLatencyMs(q.licensePlate, ctx.options.latencyScale),
      );
    }
    const ack = {
      message: "Debt lookup started; the result will be sent to the registered webhook",
      transactionId: record.transactionId,
      externalId: record.externalId,
      status: "PROCESSING",
    };
    answers.set(record, ack);
    return c.json(ack, 200);
  });
}
