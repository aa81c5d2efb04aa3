// DELETE /api/workspace/api-keys/{keyId} – revokes the key: every instance refuses it from the next request on.
import { revokeApiKey } from "@/lib/api/keys";
import { userRoute } from "@/lib/auth/user-route";
import { jsonResponse } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

export const DELETE = userRoute<{ keyId: string }>(
  "DELETE /api/workspace/api-keys/[keyId]",
  { stateChanging: true },
  async (_req, user, { keyId }) => jsonResponse({ key: await revokeApiKey(user.id, keyId) }),
);
