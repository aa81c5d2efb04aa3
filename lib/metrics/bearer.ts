import { createHash, timingSafeEqual } from "node:crypto";

// Pure: does an Authorization header carry the metrics token? Both sides are hashed first, so
// timingSafeEqual compares equal lengths and the time taken says nothing about the token, not
// even its length.

export type BearerCheck = "ok" | "missing" | "wrong";

const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();

export function checkBearer(authorization: string | null, token: string): BearerCheck {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization ?? "");
  if (!match) return "missing";
  return timingSafeEqual(digest(match[1]!), digest(token)) ? "ok" : "wrong";
}
