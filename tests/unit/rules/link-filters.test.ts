import { describe, expect, it } from "vitest";
import { linkStage, paidOnSaoPauloDay, saoPauloDay } from "@/lib/rules/link-filters";
import { whatsappNumber, whatsappShareUrl } from "@/lib/rules/share-message";

describe("link stage", () => {
  it("splits paid into paid and settled; open and expired stay", () => {
    expect(linkStage("paid", "settled")).toBe("settled");
    expect(linkStage("paid", "processing")).toBe("paid");
    expect(linkStage("paid", null)).toBe("paid");
    expect(linkStage("open", "settled")).toBe("open");
    expect(linkStage("expired")).toBe("expired");
  });
});

describe("pagos hoje (São Paulo's day)", () => {
  // 2026-11-24 00:30 in São Paulo is 03:30 UTC; 23:59 is 02:59 UTC of the 25th.
  const now = new Date("2026-11-24T15:00:00.000Z");
  it("the day runs from São Paulo's midnight to the next", () => {
    const { start, end } = saoPauloDay(now);
    expect(start.toISOString()).toBe("2026-11-24T03:00:00.000Z");
    expect(end.toISOString()).toBe("2026-11-25T03:00:00.000Z");
  });
  it("counts a payment at 00:30 and 23:59 São Paulo, not 23:59 of the day before (already 'today' in UTC)", () => {
    expect(paidOnSaoPauloDay("2026-11-24T03:30:00.000Z", now)).toBe(true);
    expect(paidOnSaoPauloDay("2026-11-25T02:59:00.000Z", now)).toBe(true);
    expect(paidOnSaoPauloDay("2026-11-24T02:59:00.000Z", now)).toBe(false);
    expect(paidOnSaoPauloDay("2026-11-25T03:00:00.000Z", now)).toBe(false);
    expect(paidOnSaoPauloDay(null, now)).toBe(false);
  });
  it("rolls over month and year ends", () => {
    const { start, end } = saoPauloDay(new Date("2026-12-31T20:00:00.000Z"));
    expect(start.toISOString()).toBe("2026-12-31T03:00:00.000Z");
    expect(end.toISOString()).toBe("2027-01-01T03:00:00.000Z");
  });
});

describe("WhatsApp to the client's phone", () => {
  it("prefixes Brazil's 55 to DDD + number, keeps one already there, drops junk", () => {
    expect(whatsappNumber("(31) 98765-4321")).toBe("5531987654321");
    expect(whatsappNumber("+55 31 98765-4321")).toBe("5531987654321");
    expect(whatsappNumber("3133334444")).toBe("553133334444");
    expect(whatsappNumber("12345")).toBe("");
    expect(whatsappNumber(null)).toBe("");
  });
  it("opens that chat with the text filled in", () => {
    const url = new URL(whatsappShareUrl("Olá\nhttps://x/pagar/t", "31987654321"));
    expect(url.pathname).toBe("/5531987654321");
    expect(url.searchParams.get("text")).toBe("Olá\nhttps://x/pagar/t");
  });
});
