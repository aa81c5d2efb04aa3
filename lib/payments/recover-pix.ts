import "server-only";
import { db } from "@/lib/db/client";
import { moduleLogger } from "@/lib/log/logger";
import { metrics } from "@/lib/metrics/registry";
import { pixCodeMissing } from "@/lib/rules/payment-states";
import { pixAmountCents } from "@/lib/rules/pix-br-code";
import { sameTotal } from "@/lib/rules/pix-renewal";
import { upstream } from "@/lib/upstream/client";
import { isUpstreamError } from "@/lib/upstream/errors";
import type { PaymentAnswer } from "@/lib/upstream/types";
import { concludeAbandoned } from "./apply-update";
import { recordAnswer } from "./record-answer";

// A PIX the upstream says awaits payment while we hold no code (lib/rules/payment-states.ts,
// pixCodeMissing): the status endpoint carries no code, only our payment call's answer does. So
// the call is replayed with the same externalId: the sandbox answers a replay with the original
// PIX, code included (docs/sandbox-payments.md), and the code is stored as if our call had
// brought it. The spec does not promise that, so when the replay brings no code (or fails), the
// attempt is ended `abandoned`: nobody holds its code, nothing can be charged, its debts are free.

const log = moduleLogger("pix-recovery");

type Old = { id: string; amountCents: number | null; pixCode: string | null };

/** The last code a chain of renewals showed: what a renewal must charge (not-created links hold none). */
export async function codeBefore(row: Old & { renewedFromId: string | null }): Promise<Old> {
  let current: (Old & { renewedFromId: string | null }) | null = row;
  while (
    current &&
    current.amountCents === null &&
    current.pixCode === null &&
    current.renewedFromId
  ) {
    current = await db.payment.findUnique({
      where: { id: current.renewedFromId },
      select: { id: true, amountCents: true, pixCode: true, renewedFromId: true },
    });
  }
  return current ?? row;
}

/** Run after an upstream answer was stored: a PIX left awaiting payment with no code gets one, or ends. */
export async function recoverPixCode(paymentRowId: string): Promise<void> {
  const p = await db.payment.findUnique({
    where: { id: paymentRowId },
    include: { checkout: { select: { upstreamCheckoutId: true } } },
  });
  if (!p || !pixCodeMissing(p)) return;
  let answer: PaymentAnswer | undefined;
  let failure: string | undefined;
  try {
    answer = await upstream.createPayment({
      checkoutId: p.checkout.upstreamCheckoutId,
      method: "pix",
      externalId: p.externalId,
    });
  } catch (error) {
    failure = isUpstreamError(error)
      ? `${error.code}${error.httpStatus ? ` HTTP ${error.httpStatus}` : ""}`
      : "erro de rede";
  }
  const pix = answer?.kind === "answered" ? answer.pix : undefined;
  if (answer && pix) {
    // A renewal charges what the code it replaces charged, or its code is never shown (renew-pix.ts).
    const before = p.renewedFromId
      ? await codeBefore({ ...p, pixCode: null, amountCents: null })
      : null;
    const oldCents = before
      ? (before.amountCents ?? (before.pixCode ? pixAmountCents(before.pixCode) : null))
      : null;
    if (!before || sameTotal(oldCents, pixAmountCents(pix.qrCode))) {
      await recordAnswer(p.id, answer);
      metrics.pixCodeRecoveries.inc({ outcome: "recovered" });
      log.info({ paymentRowId: p.id }, "PIX code recovered by replaying our payment call");
      return;
    }
    failure = "o valor do código não confere com o do código anterior";
  }
  const detail =
    `O PIX desta tentativa aguarda pagamento na operadora, mas o código nunca chegou até nós; ` +
    `repetimos a chamada de pagamento com o externalId ${p.externalId} e ` +
    (failure ? `ela falhou (${failure})` : "a resposta não trouxe o código") +
    `. Sem o código ninguém pode pagá-lo: encerrado sem cobrança.`;
  if (await concludeAbandoned(p.id, detail)) {
    metrics.pixCodeRecoveries.inc({ outcome: "abandoned" });
    log.warn({ paymentRowId: p.id, failure }, "PIX without a code abandoned: its debts are free");
  }
}
