import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { CREATOR_COOKIE } from "./creator-cookie-name";

// "Meus links" without accounts: the browser that creates a share link gets an opaque creator id
// in a signed, httpOnly, SameSite=Lax cookie, and the link's Checkout.creatorKey holds that id.
// The signature (HMAC-SHA256 under a key derived from the webhook secret) means a forged or
// guessed cookie names nobody; it is compared in constant time.

export { CREATOR_COOKIE };
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const ID = /^[A-Za-z0-9_-]{22}$/;

/** A key of its own for this purpose: HMAC(webhookSecret, "creator-cookie"). */
function cookieKey(): Buffer {
  return createHmac("sha256", env.webhookSecret).update("creator-cookie").digest();
}

const signatureOf = (id: string, key: Buffer) =>
  createHmac("sha256", key).update(id).digest("base64url");

export function signCreatorId(id: string, key: Buffer = cookieKey()): string {
  return `${id}.${signatureOf(id, key)}`;
}

/** The creator id when the cookie value is well formed and its signature ours; null otherwise. */
export function verifyCreatorCookie(
  value: string | undefined | null,
  key: Buffer = cookieKey(),
): string | null {
  if (!value) return null;
  const [id, signature, ...rest] = value.split(".");
  if (!id || !signature || rest.length > 0 || !ID.test(id)) return null;
  const expected = Buffer.from(signatureOf(id, key));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/**
 * The first creator cookie of a Cookie header. Route handlers and pages both read it here: Next's
 * `cookies()` keeps the last of two same-named cookies, and a page that did would own a link the
 * API refuses (a forged cookie before a genuine one).
 */
function cookieValue(header: string | null): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === CREATOR_COOKIE) return value.join("=");
  }
  return undefined;
}

/** The creator id of a Cookie header (a page passes `(await headers()).get("cookie")`). */
export function creatorIdFromCookieHeader(header: string | null): string | null {
  return verifyCreatorCookie(cookieValue(header));
}

export function creatorIdFromRequest(req: Request): string | null {
  return creatorIdFromCookieHeader(req.headers.get("cookie"));
}

/** The request's creator id, or a new one with the Set-Cookie header that hands it out. */
export function ensureCreator(req: Request): { id: string; setCookie?: string } {
  const existing = creatorIdFromRequest(req);
  if (existing) return { id: existing };
  const id = randomBytes(16).toString("base64url");
  const https =
    new URL(req.url).protocol === "https:" || req.headers.get("x-forwarded-proto") === "https";
  const attributes = [
    "Path=/",
    `Max-Age=${MAX_AGE_SECONDS}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(https ? ["Secure"] : []),
  ];
  return { id, setCookie: `${CREATOR_COOKIE}=${signCreatorId(id)}; ${attributes.join("; ")}` };
}
