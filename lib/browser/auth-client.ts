// The browser's side of the workspace accounts (better-auth): sign-in link, passkeys, sign-out.
// Same origin, so no base URL; only the workspace pages import it (the buying flow stays light).
import { passkeyClient } from "@better-auth/passkey/client";
import { magicLinkClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

export const authClient = createAuthClient({
  basePath: "/api/auth",
  plugins: [magicLinkClient(), passkeyClient()],
});
