import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, securityHeaders } from "@/lib/security/headers";

describe("security headers", () => {
  const base = { nonce: "abc123==", dev: false, https: false, pathname: "/" };

  it("allow scripts only by nonce, never unsafe-inline, and forbid framing", () => {
    const csp = contentSecurityPolicy(base);
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src")) ?? "";
    expect(scriptSrc).toContain("'nonce-abc123=='");
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it("send HSTS only over https", () => {
    expect(securityHeaders(base)["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders({ ...base, https: true })["Strict-Transport-Security"]).toMatch(
      /max-age=\d+/,
    );
  });

  it("mark token-bearing pages noindex and every page no-referrer", () => {
    expect(securityHeaders({ ...base, pathname: "/pagar/tok" })["X-Robots-Tag"]).toContain(
      "noindex",
    );
    expect(securityHeaders(base)["X-Robots-Tag"]).toBeUndefined();
    expect(securityHeaders(base)["Referrer-Policy"]).toBe("no-referrer");
    expect(securityHeaders(base)).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "Permissions-Policy": expect.stringContaining("camera=()"),
    });
  });
});
