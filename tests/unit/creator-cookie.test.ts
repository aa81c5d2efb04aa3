import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  CREATOR_COOKIE,
  creatorIdFromCookieHeader,
  ensureCreator,
  signCreatorId,
  verifyCreatorCookie,
} from "@/lib/links/creator-cookie";

describe("creator cookie", () => {
  const key = randomBytes(32);
  const id = randomBytes(16).toString("base64url");

  it("verifies its own signature and refuses tampering, another key and junk", () => {
    const value = signCreatorId(id, key);
    expect(verifyCreatorCookie(value, key)).toBe(id);
    const [, sig] = value.split(".");
    const other = randomBytes(16).toString("base64url");
    expect(verifyCreatorCookie(`${other}.${sig}`, key)).toBeNull();
    expect(verifyCreatorCookie(value, randomBytes(32))).toBeNull();
    expect(verifyCreatorCookie(`${value}x`, key)).toBeNull();
    for (const junk of [undefined, "", id, ".", `${id}.`, `${value}.extra`])
      expect(verifyCreatorCookie(junk, key)).toBeNull();
  });

  it("hands out an httpOnly SameSite=Lax cookie once, then reads it back", () => {
    const first = ensureCreator(new Request("http://localhost/api/checkouts", { method: "POST" }));
    expect(first.setCookie).toMatch(
      new RegExp(`^${CREATOR_COOKIE}=[^;]+; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Lax$`),
    );
    const cookie = first.setCookie!.split(";")[0]!;
    const again = ensureCreator(
      new Request("http://localhost/api/checkouts", {
        method: "POST",
        headers: { cookie: `a=b; ${cookie}` },
      }),
    );
    expect(again).toEqual({ id: first.id });
    const https = ensureCreator(
      new Request("https://placapaga.example/api/checkouts", { method: "POST" }),
    );
    expect(https.setCookie).toContain("; Secure");
  });

  it("reads the first creator cookie of a header, whatever follows it", () => {
    const cookie = ensureCreator(new Request("http://localhost/api/checkouts", { method: "POST" }));
    const genuine = cookie.setCookie!.split(";")[0]!;
    const forged = `${CREATOR_COOKIE}=${randomBytes(16).toString("base64url")}.${"A".repeat(43)}`;
    expect(creatorIdFromCookieHeader(`x=1; ${genuine}; ${forged}`)).toBe(cookie.id);
    expect(creatorIdFromCookieHeader(`${forged}; ${genuine}`)).toBeNull();
    expect(creatorIdFromCookieHeader(null)).toBeNull();
  });
});
