import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/browser/fetch-json";
import { refusedCost } from "@/lib/browser/radar-queries";

// A confirmation the server refused over the cap (the cap was lowered since the preview): the page
// shows the refused cost in place of its preview, so no "a conta usará …" stays beside a confirm
// button. The cost comes from the refusal's fields, counted against the cap as it is now.

const fields = {
  vehicles: "3",
  selectionPerMonth: "129600",
  othersPerMonth: "0",
  totalPerMonth: "129600",
  monthlyCap: "1000",
};
const refusal = (f: Record<string, string> = fields) =>
  new ApiError(422, "RADAR_CAP_EXCEEDED", "Essa escolha custaria …", f);

describe("refusedCost", () => {
  it("reads the refused cost, over the cap, from a RADAR_CAP_EXCEEDED refusal", () => {
    expect(refusedCost(refusal())).toEqual({
      vehicles: 3,
      selectionPerMonth: 129_600,
      othersPerMonth: 0,
      totalPerMonth: 129_600,
      monthlyCap: 1_000,
      withinCap: false,
    });
  });

  it("is null for any other error, and for a refusal without its numbers", () => {
    expect(refusedCost(new ApiError(429, "RATE_LIMITED", "Aguarde"))).toBeNull();
    expect(refusedCost(new ApiError(0, "NETWORK_ERROR", "sem conexão"))).toBeNull();
    expect(refusedCost(new Error("x"))).toBeNull();
    expect(
      refusedCost(new ApiError(422, "RADAR_CAP_EXCEEDED", "Essa escolha custaria …")),
    ).toBeNull();
    expect(refusedCost(refusal({ totalPerMonth: "90", monthlyCap: "40" }))).toBeNull();
    expect(refusedCost(refusal({ ...fields, monthlyCap: "mil" }))).toBeNull();
  });
});
