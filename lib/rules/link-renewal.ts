// Who may get a new share link for an old one, and which: "Gerar novo link" (the link's sender)
// and the payer's "Gerar novo pagamento" (anyone holding the link). Pure: the facts are read by
// lib/links/renew-link.ts, which acts on the verdict.
//
// Why an open link may be replaced at all: a PIX whose code never reached us ends `abandoned`
// (docs/payment-states.md), and the upstream refuses another payment on that checkout until the
// orphan PIX expires. The payer holds only the token, so that is the one state the payer may act
// in; a replacement already made is answered to every later ask (one per link).

export type LinkRenewalFacts = {
  /** The payer's fields were erased (retention, or a person's request). */
  erased: boolean;
  status: "open" | "paid" | "expired";
  /** A replacement made from this link that is still open, or paid through it. */
  liveSuccessor: boolean;
  /** The status of the link's newest payment attempt (null: none yet). */
  latestAttempt: string | null;
  by: "sender" | "payer";
};

export type LinkRenewalVerdict =
  | { kind: "refuse"; code: LinkRenewalRefusal }
  /** Answer the replacement already made. */
  | { kind: "successor" }
  /** A new link; `replacing`: tied to this open one (Checkout.replacesId), one at most. */
  | { kind: "create"; replacing: boolean };

export type LinkRenewalRefusal =
  | "LINK_ERASED"
  | "CHECKOUT_ALREADY_PAID"
  | "CHECKOUT_EXPIRED"
  | "LINK_STILL_OPEN"
  | "LINK_NOT_REPAYABLE";

export function linkRenewalVerdict(f: LinkRenewalFacts): LinkRenewalVerdict {
  // Its payer is gone (docs/privacy.md): there is no one to make the new checkout for.
  if (f.erased) return { kind: "refuse", code: "LINK_ERASED" };
  if (f.status === "paid") return { kind: "refuse", code: "CHECKOUT_ALREADY_PAID" };
  if (f.liveSuccessor) return { kind: "successor" };
  if (f.status === "expired")
    return f.by === "sender"
      ? { kind: "create", replacing: false }
      : { kind: "refuse", code: "CHECKOUT_EXPIRED" };
  if (f.latestAttempt === "abandoned") return { kind: "create", replacing: true };
  return { kind: "refuse", code: f.by === "sender" ? "LINK_STILL_OPEN" : "LINK_NOT_REPAYABLE" };
}
