import { randomBytes } from "node:crypto";

/**
 * 24 random bytes = 192 bits, base64url (32 chars): the only secret of a capability URL (a
 * checkout's share link, a payment's status page). Links travel by e-mail and WhatsApp, so they
 * must be unguessable on their own.
 */
export function newPublicToken(): string {
  return randomBytes(24).toString("base64url");
}

/** The shape newPublicToken makes: tells a real reference from junk before any query. */
export const PUBLIC_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
