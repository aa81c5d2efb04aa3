import "server-only";
import { db } from "@/lib/db/client";
import { availabilityOf, refusalError, refusalFor } from "@/lib/checkouts/debt-holds";
import { AppError } from "@/lib/errors/app-error";
import { moduleLogger } from "@/lib/log/logger";
import { newPublicToken } from "@/lib/security/public-token";
import { toDebtView } from "@/lib/checkouts/lookup-view";
import { explainSelection, explainSelectionProblem } from "@/lib/rules/debt-explanations";
import { toSelectable, validateSelection } from "@/lib/rules/debt-selection";
import { upstream } from "@/lib/upstream/client";
import type { CheckoutInput } from "@/lib/validation/checkout-input";
import { upstreamCheckoutRefusal } from "./checkout-errors";

const log = moduleLogger("checkouts");

// Lives in lib/security so payments share it; re-exported for this module's importers.
export { newPublicToken };

export type CreatedCheckout = { token: string; amountCents: number; expiresAt: string };

/**
 * Re-checks the selection against the stored lookup (dependsOn / distinct, lib/rules) and against
 * what is paid or in payment now (lib/checkouts/debt-holds.ts) BEFORE calling upstream, then stores our Checkout under an unguessable public token. The upstream
 * checkoutId never leaves the server. A share link records the browser that made it (creatorKey,
 * lib/links/creator-cookie.ts) for its "Meus links", or the workspace account and client.
 */
export type CheckoutOwner = {
  creatorKey?: string;
  ownerUserId?: string;
  clientId?: string;
  /** The open share link this one replaces (Checkout.replacesId, unique: lib/links/renew-link.ts). */
  replacesId?: string;
};

export async function createCheckout(
  input: CheckoutInput,
  options: CheckoutOwner = {},
): Promise<CreatedCheckout> {
  const lookup = await db.lookup.findUnique({
    where: { id: input.lookupId },
    include: { debts: true },
  });
  if (!lookup) throw new AppError({ code: "LOOKUP_NOT_FOUND" });
  if (lookup.status !== "debts") {
    throw new AppError({ code: "LOOKUP_NOT_READY" });
  }
  const debts = lookup.debts.map(toDebtView);
  const selectable = debts.map(toSelectable);
  const check = validateSelection(input.debtIds, selectable);
  if (!check.ok) {
    throw new AppError({
      code: "SELECTION_INVALID",
      message: explainSelection(check.problems, selectable),
      fields: { debtIds: explainSelectionProblem(check.problems[0]!, selectable) },
    });
  }
  // The lookup is a snapshot: a debt (or its distinct alternative) paid or being paid since, from
  // another tab or another lookup of the vehicle, is refused here in words. createPayment re-checks
  // under the vehicle's lock.
  const refusal = refusalFor(input.debtIds, debts, await availabilityOf(debts));
  if (refusal) {
    log.info(
      { lookupId: lookup.id, code: refusal.code },
      "checkout refused: debt paid or in payment",
    );
    throw refusalError(refusal);
  }
  const chosen = debts.filter((d) => input.debtIds.includes(d.id));
  const c = input.customer;
  const answer = await upstream
    .createCheckout({
      debtIds: chosen.map((d) => d.id),
      customer: { name: c.name, email: c.email, cpfCnpj: c.cpfCnpj, phone: c.phone },
      vehicle: { licensePlate: lookup.plate, renavam: lookup.renavam, uf: lookup.uf },
    })
    .catch((error: unknown) => {
      throw upstreamCheckoutRefusal(error);
    });
  const ours = chosen.reduce((sum, d) => sum + d.amountCents, 0);
  // Upstream's amount is what will be charged; a difference means the debts changed meanwhile.
  if (answer.amountCents !== ours)
    log.warn(
      { lookupId: lookup.id, ours, upstream: answer.amountCents },
      "checkout amount differs from lookup",
    );
  const amountOf = new Map(answer.debts.map((d) => [d.id, d.amountCents]));

  const token = newPublicToken();
  await db.checkout.create({
    data: {
      publicToken: token,
      upstreamCheckoutId: answer.checkoutId,
      lookupId: lookup.id,
      amountCents: answer.amountCents,
      expiresAt: answer.expiresAt,
      customerName: c.name,
      customerEmail: c.email,
      customerCpfCnpj: c.cpfCnpj,
      customerPhone: c.phone,
      plate: lookup.plate,
      renavam: lookup.renavam,
      uf: lookup.uf,
      kind: input.kind,
      creatorKey: options.creatorKey ?? null,
      ownerUserId: options.ownerUserId ?? null,
      clientId: options.clientId ?? null,
      replacesId: options.replacesId ?? null,
      debts: {
        create: chosen.map((d) => ({
          debtId: d.id,
          title: d.title,
          type: d.type,
          amountCents: amountOf.get(d.id) ?? d.amountCents,
        })),
      },
    },
  });
  log.info({ lookupId: lookup.id, kind: input.kind, debts: chosen.length }, "checkout created");
  return { token, amountCents: answer.amountCents, expiresAt: answer.expiresAt.toISOString() };
}
