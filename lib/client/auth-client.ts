// The browser's side of the workspace accounts (better-auth): sign-in link, passkeys, sign-out.
// Same origin, so no base URL; only the workspace pages import it (the buying flow stays light).
import { passkeyClient } from "@better-auth/passkey/client";
import { magicLinkClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

export const authClient = createAuthClient({ basePath: "/api/auth", plugins: [magicLinkClient(), passkeyClient()] });

/** Our routes answer `{ error: { code, message } }` (pt-BR); better-auth's own, `{ code, message }` in English. */
export function authErrorMessage(error: { status?: number; message?: string; code?: string } | null | undefined, fallback: string): string {
  if (!error) return fallback;
  if (error.status === 429 || error.status === 422) return error.message ?? fallback;
  return fallback;
}
