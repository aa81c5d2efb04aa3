// When an expired PIX code of a checkout may be replaced by a fresh one, and what the page says
// about it. Pure: no clock of its own, no I/O (lib/payments/renew-pix.ts and components/pay use it).
//
// Why "at expiry" and not a couple of minutes before: upstream keeps one open PIX per checkout (a
// second one is refused with paymentInProgress while the first is unexpired) and the spec gives no
// way to cancel a code. So a new code is only ever created once the old one is known expired, and
// paying the old code after a renewal cannot charge the checkout twice.

export type RenewalVerdict =
  | { kind: "renewable" }
  /** Past its expiresAt by our clock, but still awaiting payment here: ask upstream first. */
  | { kind: "confirm_expiry" }
  | { kind: "too_early"; secondsLeft: number }
  | { kind: "paid" }
  | { kind: "not_renewable" };

type PixState = {
  method: string;
  status: string;
  pixExpiresAt: Date | null;
  renewedFromId?: string | null;
};

export function renewalVerdict(p: PixState, now: Date): RenewalVerdict {
  if (p.method !== "pix") return { kind: "not_renewable" };
  if (p.status === "paid") return { kind: "paid" };
  if (p.status === "expired") return { kind: "renewable" };
  // A renewal the upstream never created (docs/payment-states.md): the code it was to replace is
  // expired, so another renewal may be made from it. A first attempt has no code to renew.
  if (p.status === "not_created")
    return p.renewedFromId ? { kind: "renewable" } : { kind: "not_renewable" };
  if (p.status !== "awaiting_payment" || !p.pixExpiresAt) return { kind: "not_renewable" };
  const leftMs = p.pixExpiresAt.getTime() - now.getTime();
  if (leftMs > 0) return { kind: "too_early", secondsLeft: Math.ceil(leftMs / 1000) };
  return { kind: "confirm_expiry" };
}

/** A renewal charges exactly what the code it replaces charged, or it is not shown. */
export function sameTotal(
  oldCents: number | null | undefined,
  newCents: number | null | undefined,
): boolean {
  return oldCents != null && newCents != null && oldCents === newCents;
}

/**
 * What the countdown announces to screen readers: one sentence per band, so a live region whose
 * text is this changes twice in a code's life (5 min, 1 min), never every second.
 */
export function countdownAnnouncement(secondsLeft: number): string | null {
  if (secondsLeft <= 0) return null;
  if (secondsLeft <= 60)
    return "Resta 1 minuto para o código PIX expirar. Um novo código será gerado automaticamente.";
  if (secondsLeft <= 300) return "Restam 5 minutos para o código PIX expirar.";
  return null;
}

/** At most this many codes in a row without a tap: a tab left open all day does not mint codes all day. */
export const MAX_AUTOMATIC_RENEWALS = 3;
