import "server-only";
import { passkey } from "@better-auth/passkey";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { magicLink } from "better-auth/plugins";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { authLog } from "./logger";
import { sendSignInLink, SIGN_IN_LINK_MINUTES } from "./sign-in-mail";
import { authSecret } from "./secret";

// The despachante workspace's accounts (better-auth): sign-in by e-mail link, passkeys as a
// second way. Sessions are rows (Session), so any instance serves any request and revoking one
// revokes it everywhere. better-auth's own rate limiter is off: it counts in process memory; the
// sign-in route counts in the database instead (app/api/auth/[...all]/route.ts).

const base = new URL(env.publicBaseUrl);

export const auth = betterAuth({
  appName: "Placa Paga",
  baseURL: env.publicBaseUrl,
  basePath: "/api/auth",
  secret: authSecret(),
  database: prismaAdapter(db, { provider: env.databaseProvider }),
  // The configured address, and the one this request reached (tests and LAN use 127.0.0.1):
  // a cross-site form still carries its own Origin, which matches neither.
  trustedOrigins: (request) => [
    env.publicBaseUrl,
    ...(request ? [new URL(request.url).origin] : []),
  ],
  // The despachante's office, read with every session (the pages ask for it on first sign-in);
  // written only through PUT /api/workspace/profile, never by a sign-in request.
  user: {
    additionalFields: {
      officeName: { type: "string", required: false, input: false },
      officeCnpj: { type: "string", required: false, input: false },
    },
  },
  session: {
    expiresIn: env.auth.sessionDays * 24 * 60 * 60,
    updateAge: 24 * 60 * 60,
  },
  rateLimit: { enabled: false },
  telemetry: { enabled: false },
  logger: {
    level: "warn",
    log: (level, message) =>
      authLog[level === "error" ? "error" : level === "warn" ? "warn" : "info"](
        { source: "better-auth" },
        message,
      ),
  },
  advanced: {
    // The custom server writes the client address it trusts here (lib/server/serve.ts); the
    // X-Forwarded-For a client sends is never read.
    ipAddress: { ipAddressHeaders: ["x-placa-client-ip"] },
    useSecureCookies: base.protocol === "https:",
    cookiePrefix: "placa",
  },
  plugins: [
    magicLink({
      expiresIn: SIGN_IN_LINK_MINUTES * 60,
      // The table keeps only a hash: a database read does not sign anyone in.
      storeToken: "hashed",
      sendMagicLink: ({ email, url }) => sendSignInLink(email, url),
    }),
    passkey({ rpID: base.hostname, rpName: "Placa Paga", origin: env.publicBaseUrl }),
  ],
});

export type Auth = typeof auth;
