import { describe, expect, it } from "vitest";
import { type LinkRenewalFacts, linkRenewalVerdict } from "@/lib/rules/link-renewal";

const facts = (over: Partial<LinkRenewalFacts> = {}): LinkRenewalFacts => ({
  erased: false,
  status: "open",
  liveSuccessor: false,
  latestAttempt: "abandoned",
  by: "payer",
  ...over,
});
const both = ["payer", "sender"] as const;

describe("linkRenewalVerdict", () => {
  it("an open link whose PIX ended abandoned gets one replacement, tied to it, for its payer and its sender", () => {
    for (const by of both)
      expect(linkRenewalVerdict(facts({ by }))).toEqual({ kind: "create", replacing: true });
  });
  it("once replaced, every later ask gets the replacement while it is open or paid", () => {
    for (const by of both)
      for (const status of ["open", "expired"] as const)
        expect(linkRenewalVerdict(facts({ by, status, liveSuccessor: true }))).toEqual({
          kind: "successor",
        });
  });
  it("an open link still payable is refused: the payer pays it, the sender sends it again", () => {
    for (const latestAttempt of [null, "awaiting_payment", "pending", "refused", "expired"]) {
      expect(linkRenewalVerdict(facts({ latestAttempt }))).toEqual({
        kind: "refuse",
        code: "LINK_NOT_REPAYABLE",
      });
      expect(linkRenewalVerdict(facts({ latestAttempt, by: "sender" }))).toEqual({
        kind: "refuse",
        code: "LINK_STILL_OPEN",
      });
    }
  });
  it("an expired link: a new one for its sender (as before), never for its payer", () => {
    expect(linkRenewalVerdict(facts({ status: "expired", by: "sender" }))).toEqual({
      kind: "create",
      replacing: false,
    });
    expect(linkRenewalVerdict(facts({ status: "expired" }))).toEqual({
      kind: "refuse",
      code: "CHECKOUT_EXPIRED",
    });
  });
  it("never for a paid or erased link, whoever asks, even with a replacement made", () => {
    for (const by of both) {
      expect(linkRenewalVerdict(facts({ by, status: "paid", liveSuccessor: true }))).toEqual({
        kind: "refuse",
        code: "CHECKOUT_ALREADY_PAID",
      });
      expect(linkRenewalVerdict(facts({ by, erased: true, liveSuccessor: true }))).toEqual({
        kind: "refuse",
        code: "LINK_ERASED",
      });
    }
  });
});
