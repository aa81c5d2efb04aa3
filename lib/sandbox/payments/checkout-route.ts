// POST /uvvi/v1/checkout – groups debts of one looked-up vehicle, a customer and the vehicle.
import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import type { CheckoutRecord, SandboxContext } from "../context";
import { errorB } from "../http/errors";
import { checkoutViolations, describeViolation } from "./checkout-rules";
import { CheckoutBody } from "./checkout-schema";
import { apiKeyOf, parseBody } from "./http";
import { toCents, toReais } from "./money";
import { alternativeRefusal, alternativesHeld, heldDebts } from "./payment-index";
import { fromNow } from "./timings";

export async function checkoutRoute(c: Context, ctx: SandboxContext) {
  const parsed = await parseBody(c, CheckoutBody);
  if (!parsed.ok) return parsed.response;
  const { debts: ids, customer, vehicle } = parsed.data;

  const violations = checkoutViolations(ids, vehicle, (id) => ctx.store.debtsById.get(id));
  const first = violations[0];
  if (first) {
    return errorB(c, 422, "VALIDATION_ERROR", describeViolation(first), { ...first, violations });
  }

  // A debt paid (or being charged) through another checkout cannot be charged twice.
  const held = heldDebts(ctx);
  const taken = ids.filter((id) => held.has(id));
  if (taken.length) {
    const paid = taken.filter((id) => held.get(id)?.status === "paid");
    const rule = paid.length ? "alreadyPaid" : "paymentInProgress";
    const debtIds = paid.length ? paid : taken;
    return errorB(
      c,
      422,
      "VALIDATION_ERROR",
      `Debts already ${paid.length ? "paid" : "being paid"}: ${debtIds.join(", ")}`,
      {
        rule,
        debtIds,
        paymentIds: [...new Set(debtIds.map((id) => held.get(id)?.paymentId))],
      },
    );
  }

  // Nor can one whose `distinct` alternative is (the cota única once a parcela is paid, or the
  // reverse): the stored lookup still lists it, the authority would refuse it.
  const alternatives = alternativesHeld(ctx, ids);
  if (alternatives.length) {
    const refusal = alternativeRefusal(alternatives);
    return errorB(c, 422, "VALIDATION_ERROR", refusal.message, refusal.details);
  }

  const debts = ids.map((id) => {
    const amount = ctx.store.debtsById.get(id)?.debt.amount ?? 0;
    return { id, amountCents: toCents(amount) ?? Math.round(amount * 100) };
  });
  const record: CheckoutRecord = {
    apiKey: apiKeyOf(c),
    checkoutId: `chk_${randomUUID().replace(/-/g, "")}`,
    amountCents: debts.reduce((sum, d) => sum + d.amountCents, 0),
    debts,
    customer,
    vehicle,
    createdAt: ctx.options.now(),
    expiresAt: fromNow(ctx, "checkoutTtl"),
  };
  ctx.store.checkouts.set(record.checkoutId, record);
  // 201: the spec lists "201 resource created", and a checkout is one.
  return c.json(
    {
      success: true,
      checkoutId: record.checkoutId,
      amount: toReais(record.amountCents),
      debts: debts.map((d) => ({ id: d.id, amount: toReais(d.amountCents) })),
      expiresAt: record.expiresAt.toISOString(),
    },
    201,
  );
}
