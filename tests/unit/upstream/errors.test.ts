import { describe, expect, it } from "vitest";
import { parseUpstreamErrorBody, UpstreamError } from "@/lib/upstream/errors";

describe("parseUpstreamErrorBody", () => {
  it("shape A: {success:false, error:CODE, message}", () => {
    const e = parseUpstreamErrorBody(404, {
      success: false,
      error: "NOT_FOUND",
      message: "Vehicle ABC1234 not found",
    });
    expect(e).toBeInstanceOf(UpstreamError);
    expect(e).toMatchObject({
      code: "UPSTREAM_NOT_FOUND",
      httpStatus: 404,
      shape: "A",
      upstreamCode: "NOT_FOUND",
      upstreamMessage: "Vehicle ABC1234 not found",
    });
    expect(e.userMessage).toMatch(/Não encontramos/);
  });

  it("shape B: {success:false, error:{code, message, details}}", () => {
    const details = { rule: "paymentInProgress", checkoutId: "chk_1" };
    const e = parseUpstreamErrorBody(422, {
      success: false,
      error: { code: "VALIDATION_ERROR", message: "in progress", details },
    });
    expect(e).toMatchObject({
      code: "UPSTREAM_UNPROCESSABLE",
      shape: "B",
      upstreamCode: "VALIDATION_ERROR",
      details,
    });
  });

  it("shape C: {success:false, error:<reason phrase>, message, statusCode}", () => {
    const e = parseUpstreamErrorBody(400, {
      success: false,
      error: "Bad Request",
      message: "Malformed JSON",
      statusCode: 400,
    });
    expect(e).toMatchObject({
      code: "UPSTREAM_INVALID_REQUEST",
      shape: "C",
      upstreamCode: "Bad Request",
    });
  });

  it.each([
    ["A", { success: false, error: "RATE_LIMIT_EXCEEDED", message: "slow down", retryAfter: 60 }],
    [
      "C",
      {
        success: false,
        error: "Too Many Requests",
        message: "slow down",
        statusCode: 429,
        retryAfter: 60,
      },
    ],
    [
      "B",
      {
        success: false,
        error: { code: "RATE_LIMIT_EXCEEDED", message: "slow down", details: { retryAfter: 60 } },
      },
    ],
  ])("429 in shape %s carries retryAfterSeconds", (shape, body) => {
    const e = parseUpstreamErrorBody(429, body);
    expect(e).toMatchObject({ code: "UPSTREAM_RATE_LIMITED", shape, retryAfterSeconds: 60 });
  });

  it("429 without retryAfter in the body falls back to the Retry-After header", () => {
    expect(
      parseUpstreamErrorBody(429, { success: false, error: "X", message: "m" }, "7")
        .retryAfterSeconds,
    ).toBe(7);
  });

  it("a non-JSON body (nginx 502 page) is kept out of the error", () => {
    const e = parseUpstreamErrorBody(502, "<html><h1>502 Bad Gateway</h1></html>");
    expect(e).toMatchObject({
      code: "UPSTREAM_BAD_GATEWAY",
      shape: "non-json",
      upstreamMessage: undefined,
    });
  });

  it.each([
    [401, "UPSTREAM_UNAUTHORIZED"],
    [500, "UPSTREAM_SERVER_ERROR"],
    [503, "UPSTREAM_UNAVAILABLE"],
    [504, "UPSTREAM_BAD_GATEWAY"],
    [418, "UPSTREAM_INVALID_REQUEST"],
  ])("HTTP %i -> %s", (status, code) => {
    expect(parseUpstreamErrorBody(status, undefined).code).toBe(code);
  });

  it("401 shows people a generic message, not a configuration detail", () => {
    const e = parseUpstreamErrorBody(401, {
      success: false,
      error: "UNAUTHORIZED",
      message: "Invalid API key",
    });
    expect(e.userMessage).not.toMatch(/key|chave/i);
    expect(e.isDefiniteRefusal).toBe(true);
  });

  it("an unknown JSON body still gives a usable error", () => {
    expect(parseUpstreamErrorBody(500, { oops: true })).toMatchObject({
      code: "UPSTREAM_SERVER_ERROR",
      shape: "unknown-json",
    });
  });

  it("only 4xx and 503 are definite refusals (a 500 or a timeout may have acted)", () => {
    expect(parseUpstreamErrorBody(503, undefined).isDefiniteRefusal).toBe(true);
    expect(parseUpstreamErrorBody(500, undefined).isDefiniteRefusal).toBe(false);
    expect(new UpstreamError({ code: "UPSTREAM_TIMEOUT" }).isDefiniteRefusal).toBe(false);
  });
});
