import "server-only";
import { createHmac } from "node:crypto";
import { env } from "@/lib/env";

// The session cookies' signing key. Every instance must agree on it, so it comes from
// configuration: AUTH_SECRET, or an HMAC of the webhook secret under a purpose of its own (as the
// creator cookie does), so a deployment with one secret still keeps the two keys apart.
export function authSecret(): string {
  return (
    env.auth.secret ??
    createHmac("sha256", env.webhookSecret).update("workspace-auth").digest("base64url")
  );
}
