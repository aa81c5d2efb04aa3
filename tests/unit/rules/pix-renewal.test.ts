import { describe, expect, it } from "vitest";
import { countdownAnnouncement, renewalVerdict, sameTotal } from "@/lib/rules/pix-renewal";

const now = new Date("2026-11-24T12:00:00Z");
const at = (secondsFromNow: number) => new Date(now.getTime() + secondsFromNow * 1000);
const pix = (status: string, expiresIn: number | null) => ({
  method: "pix",
  status,
  pixExpiresAt: expiresIn === null ? null : at(expiresIn),
});

describe("renewalVerdict", () => {
  it("an unexpired code is never replaced: upstream would still accept payment on it", () => {
    expect(renewalVerdict(pix("awaiting_payment", 90), now)).toEqual({
      kind: "too_early",
      secondsLeft: 90,
    });
    expect(renewalVerdict(pix("awaiting_payment", 0.2), now)).toEqual({
      kind: "too_early",
      secondsLeft: 1,
    });
  });
  it("past its expiry by our clock but not yet known expired: confirm with upstream first", () => {
    expect(renewalVerdict(pix("awaiting_payment", 0), now)).toEqual({ kind: "confirm_expiry" });
    expect(renewalVerdict(pix("awaiting_payment", -30), now)).toEqual({ kind: "confirm_expiry" });
  });
  it("a code known expired is renewable at once, whatever its expiresAt says", () => {
    expect(renewalVerdict(pix("expired", 600), now)).toEqual({ kind: "renewable" });
  });
  it("a paid code is not renewed; cards, refusals and unanswered attempts are not renewable", () => {
    expect(renewalVerdict(pix("paid", -10), now)).toEqual({ kind: "paid" });
    expect(
      renewalVerdict({ method: "credit_card", status: "expired", pixExpiresAt: null }, now),
    ).toEqual({ kind: "not_renewable" });
    for (const status of ["pending", "refused", "processing", "in_analysis"]) {
      expect(renewalVerdict(pix(status, -10), now)).toEqual({ kind: "not_renewable" });
    }
    expect(renewalVerdict(pix("awaiting_payment", null), now)).toEqual({ kind: "not_renewable" });
  });
});

describe("sameTotal", () => {
  it("only an exactly equal, known total passes", () => {
    expect(sameTotal(10299, 10299)).toBe(true);
    expect(sameTotal(10299, 10300)).toBe(false);
    expect(sameTotal(null, 10299)).toBe(false);
    expect(sameTotal(10299, undefined)).toBe(false);
  });
});

describe("countdownAnnouncement", () => {
  it("changes only at 5 minutes and 1 minute, so a live region speaks twice, not every second", () => {
    const texts = new Set<string | null>();
    for (let s = 30 * 60; s >= 0; s--) texts.add(countdownAnnouncement(s));
    expect([...texts]).toEqual([
      null,
      "Restam 5 minutos para o código PIX expirar.",
      expect.stringContaining("Resta 1 minuto"),
    ]);
    expect(countdownAnnouncement(301)).toBeNull();
    expect(countdownAnnouncement(300)).toContain("5 minutos");
    expect(countdownAnnouncement(61)).toContain("5 minutos");
    expect(countdownAnnouncement(60)).toContain("1 minuto");
  });
});
