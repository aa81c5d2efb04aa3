import { describe, expect, it } from "vitest";
import { checkBearer } from "@/lib/metrics/bearer";

const TOKEN = "metrics-token-0123456789abcdef";

describe("metrics bearer token", () => {
  it("accepts exactly the token, with the scheme in any case", () => {
    expect(checkBearer(`Bearer ${TOKEN}`, TOKEN)).toBe("ok");
    expect(checkBearer(`bearer ${TOKEN}`, TOKEN)).toBe("ok");
  });

  it("refuses a wrong, longer, shorter or prefixed token", () => {
    expect(checkBearer(`Bearer ${TOKEN}x`, TOKEN)).toBe("wrong");
    expect(checkBearer(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe("wrong");
    expect(checkBearer(`Bearer ${TOKEN.toUpperCase()}`, TOKEN)).toBe("wrong");
    expect(checkBearer("Bearer x", TOKEN)).toBe("wrong");
  });

  it("treats a missing header, another scheme or extra words as no token", () => {
    expect(checkBearer(null, TOKEN)).toBe("missing");
    expect(checkBearer("", TOKEN)).toBe("missing");
    expect(checkBearer(TOKEN, TOKEN)).toBe("missing");
    expect(checkBearer(`Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}`, TOKEN)).toBe(
      "missing",
    );
    expect(checkBearer(`Bearer ${TOKEN} ${TOKEN}`, TOKEN)).toBe("missing");
  });
});
