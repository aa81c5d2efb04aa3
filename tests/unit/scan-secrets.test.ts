import { describe, expect, it } from "vitest";
import { scanBuffer } from "../support/scan-secrets";

const masked = (text: string) => scanBuffer(text, "t").map((f) => f.masked);

describe("the secret scanner used by the e2e scan and the card canary", () => {
  it("finds card numbers written plainly or grouped as cards are", () => {
    expect(masked("n=4111111111111111")).toEqual(["411111******1111"]);
    expect(masked("card 4111 1111 1111 1111 end")).toEqual(["411111******1111"]);
    expect(masked("x 4111-1111-1111-1111.")).toEqual(["411111******1111"]);
    expect(masked("amex 3782 822463 10005 ok")).toEqual(["378282*****0005"]);
  });

  it("finds a CVV next to a card-ish key", () => {
    expect(scanBuffer('{"cvv":"123"}', "t").map((f) => f.kind)).toEqual(["cvv"]);
  });

  it("does not read ids as cards: a UUID's digit groups, other groupings, Luhn-invalid runs", () => {
    expect(masked("requestId:9a523531-6441-4997-a7f9-07ddcab6d915")).toEqual([]);
    expect(masked("id 5235-3164-4149-97")).toEqual([]);
    expect(masked("n=4111111111111112")).toEqual([]);
  });

  it("does not read a migration's compact date-time as a card, but still finds a 14-digit card", () => {
    // 20261129085936 passes Luhn: it made the e2e scan fail on _prisma_migrations.migration_name.
    expect(masked("20261129085936_api_webhooks_out")).toEqual([]);
    expect(masked("n=30569309025904")).toEqual(["305693****5904"]);
  });

  it("does not read a float's fraction as a card, but still finds a card after a point that follows a word", () => {
    // Both seen in the wild: Next's build trace and a fuzzed JSON body stored by the tests.
    expect(masked('"persist_duration_ms":146.85484200000002,')).toEqual([]);
    expect(masked('{"status":-1.8176137154703913e-100}')).toEqual([]);
    expect(masked("n=0.4111111111111111")).toEqual([]);
    expect(masked("card.4111111111111111")).toEqual(["411111******1111"]);
    expect(masked("total 12. 4111111111111111")).toEqual(["411111******1111"]);
  });
});
