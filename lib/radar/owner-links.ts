import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { linkToken } from "@/lib/privacy";

// The owner's links, each a capability on one watch. The confirmation token is random and lives
// only in its mail (the row keeps its SHA-256). The unsubscribe and fresh-lookup tokens are keyed
// hashes of the watch id (lib/privacy linkToken): every mail of the subscription carries the same
// working link without a plain token stored anywhere.

/** 32 random bytes, base64url: the shape of every owner link token. */
export const OWNER_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const newConfirmToken = (): string => randomBytes(32).toString("base64url");

export const tokenHash = (token: string): string =>
  createHash("sha256").update(token, "utf8").digest("hex");

export const unsubscribeToken = (watchId: string): string =>
  linkToken("radar-unsubscribe", watchId);

const WATCH_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** `<watch id>.<keyed hash>`: the fresh-lookup link names its watch, and only we can make the hash. */
export const freshLookupToken = (watchId: string): string =>
  `${watchId}.${linkToken("radar-lookup", watchId)}`;

/** The watch a fresh-lookup token opens, or null for a forged or malformed one. */
export function watchIdOfLookupToken(token: string): string | null {
  const dot = token.indexOf(".");
  const watchId = token.slice(0, dot);
  const mac = token.slice(dot + 1);
  if (dot < 1 || !WATCH_ID.test(watchId) || !OWNER_TOKEN.test(mac)) return null;
  const expected = Buffer.from(linkToken("radar-lookup", watchId));
  return timingSafeEqual(expected, Buffer.from(mac)) ? watchId : null;
}

const base = () => env.publicBaseUrl;
export const confirmUrl = (token: string) => `${base()}/radar/confirmar/${token}`;
export const unsubscribeUrl = (watchId: string) =>
  `${base()}/radar/cancelar/${unsubscribeToken(watchId)}`;
/** RFC 8058's one-click POST target (a route handler: the page beside it cannot take a bare POST). */
export const oneClickUnsubscribeUrl = (watchId: string) =>
  `${base()}/api/radar/cancelar/${unsubscribeToken(watchId)}`;
export const freshLookupUrl = (watchId: string) =>
  `${base()}/radar/consultar/${freshLookupToken(watchId)}`;
