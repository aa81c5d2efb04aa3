import "server-only";
import { currentTraceparent } from "@/lib/tracing/trace";
import { assertOpen, markCheckoutExpired } from "@/lib/checkouts/find-checkout";
import { db } from "@/lib/db/client";
import { checkoutRefusal, refusalError, withVehicleLock } from "@/lib/checkouts/debt-holds";
import { AppError } from "@/lib/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { moduleLogger } from "@/lib/log/logger";
import { consume } from "@/lib/rate-limit/limits";
import { pixAmountCents } from "@/lib/rules/pix-br-code";
import { renewalVerdict, sameTotal } from "@/lib/rules/pix-renewal";
import { upstream } from "@/lib/upstream/client";
import { isUpstreamError } from "@/lib/upstream/errors";
import { applyPaymentUpdate, concludeAbandoned } from "./apply-update";
import { recordUnknownOutcome } from "./create-payment";
import { paymentRefusal } from "./payment-errors";
import { paymentRowIdFor } from "./payment-ref";
import { newPublicToken } from "@/lib/security/public-token";
import { loadPaymentView, type PaymentView } from "./payment-view";
import { checkPaymentNow } from "./reconcile";
import { recordAnswer } from "./record-answer";
import { codeBefore } from "./recover-pix";
import { clock } from "@/lib/clock";

// A fresh PIX code for the same checkout when the one on screen expires: a payer mid-payment is
// never left without a code to pay. The
// new code is only created once the old one is known expired, here or upstream (why not before:
// lib/rules/pix-renewal.ts), so paying the old code afterwards is refused upstream (pixExpired).
// The new row is inserted under the old one's id (Payment.renewedFromId, unique) BEFORE the
// upstream call: double clicks, two tabs or two instances get the one renewal back.

const log = moduleLogger("pix-renewal");

type Result = { view: PaymentView; created: boolean };

const notFound = () => new AppError({ code: "PAYMENT_NOT_FOUND" });
const view = async (id: string) => (await loadPaymentView(id))!;

export async function renewPix(ref: string, ip: string): Promise<Result> {
  const rowId = await paymentRowIdFor(ref, ip);
  let old = await db.payment.findUnique({ where: { id: rowId }, include: { checkout: true } });
  if (!old) throw notFound();
  const latest = await latestRenewal(old.id);
  if (latest) {
    // A renewal the upstream never created frees the checkout: the next one is made from it.
    if (latest.status !== "not_created") return { view: await view(latest.id), created: false };
    await consume("payment", ip);
    await assertOpen(old.checkout);
    return create({ ...(await codeBefore(old)), id: latest.id }, old.checkout);
  }

  let verdict = renewalVerdict(old, clock.now());
  if (verdict.kind === "too_early") {
    throw new AppError({ code: "PIX_STILL_VALID", retryAfterSeconds: verdict.secondsLeft });
  }
  if (verdict.kind === "not_renewable") {
    throw new AppError({ code: "PIX_NOT_RENEWABLE" });
  }
  if (verdict.kind === "paid") return { view: await view(old.id), created: false };
  await consume("payment", ip);
  if (verdict.kind === "confirm_expiry") {
    // Our clock says expired; upstream decides. A last-second payment shows up here as paid.
    await checkPaymentNow(old);
    old = (await db.payment.findUnique({ where: { id: rowId }, include: { checkout: true } }))!;
    verdict = renewalVerdict({ ...old, pixExpiresAt: null }, clock.now());
    if (verdict.kind === "paid") return { view: await view(old.id), created: false };
    if (verdict.kind !== "renewable") {
      throw new AppError({ code: "PIX_STILL_OPEN", retryAfterSeconds: 3 });
    }
  }
  await assertOpen(old.checkout);
  return create({ ...(await codeBefore(old)), id: old.id }, old.checkout);
}

/** The newest code of a chain of renewals from `rowId` (null: never renewed). */
async function latestRenewal(rowId: string): Promise<{ id: string; status: string } | null> {
  let latest: { id: string; status: string } | null = null;
  for (let from = rowId; ;) {
    const next = await db.payment.findUnique({
      where: { renewedFromId: from },
      select: { id: true, status: true },
    });
    if (!next) return latest;
    latest = next;
    from = next.id;
  }
}

type Old = { id: string; amountCents: number | null; pixCode: string | null };
type Checkout = { id: string; lookupId: string; plate: string; upstreamCheckoutId: string };

async function create(old: Old, checkout: Checkout): Promise<Result> {
  const externalId = crypto.randomUUID();
  let rowId: string;
  try {
    // The old code released its debts when it expired: check them again, as a first payment would.
    rowId = await withVehicleLock(checkout.plate, async (tx) => {
      const refusal = await checkoutRefusal(checkout, tx);
      if (refusal) throw refusalError(refusal);
      const row = await tx.payment.create({
        data: {
          externalId,
          publicRef: newPublicToken(),
          checkoutId: checkout.id,
          method: "pix",
          renewedFromId: old.id,
          traceparent: currentTraceparent(),
        },
      });
      return row.id;
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const winner = await db.payment.findUniqueOrThrow({
        where: { renewedFromId: old.id },
        select: { id: true },
      });
      return { view: await view(winner.id), created: false };
    }
    throw error;
  }
  try {
    const answer = await upstream.createPayment({
      checkoutId: checkout.upstreamCheckoutId,
      method: "pix",
      externalId,
    });
    const oldCents = old.amountCents ?? (old.pixCode ? pixAmountCents(old.pixCode) : null);
    const newCents =
      answer.kind === "answered" && answer.pix ? pixAmountCents(answer.pix.qrCode) : null;
    if (answer.kind === "answered" && !sameTotal(oldCents, newCents)) {
      // Never shown: its code is not stored, so nobody can pay it; it expires upstream unpaid. So
      // it is ended at once (abandoned), never drawn as waiting with no code.
      await applyPaymentUpdate(
        rowId,
        { paymentId: answer.paymentId, status: answer.status },
        "sync",
      );
      await db.payment.update({
        where: { id: rowId },
        data: { failureMessage: "O valor do novo código PIX não confere com o anterior." },
      });
      await concludeAbandoned(
        rowId,
        `O novo código PIX cobraria ${newCents ?? "?"} centavos, e o anterior ${oldCents ?? "?"}: o código não foi mostrado.`,
      );
      log.error(
        { paymentRowId: rowId, oldCents, newCents },
        "renewed PIX total differs: code withheld",
      );
      throw new AppError({ code: "PIX_TOTAL_CHANGED" });
    }
    await recordAnswer(rowId, answer);
    log.info({ paymentRowId: rowId, renewedFrom: old.id, kind: answer.kind }, "PIX renewed");
  } catch (error) {
    if (isUpstreamError(error) && error.isDefiniteRefusal) {
      await db.payment.delete({ where: { id: rowId } }).catch(() => undefined);
      const refusal = paymentRefusal(error);
      if (refusal instanceof AppError && refusal.code === "CHECKOUT_EXPIRED")
        await markCheckoutExpired(checkout.id);
      throw refusal;
    }
    if (error instanceof AppError) throw error;
    await recordUnknownOutcome(rowId, error);
  }
  return { view: await view(rowId), created: true };
}
