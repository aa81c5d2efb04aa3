// POST /api/radar/cancelar/{token} – RFC 8058 one-click unsubscribe (the List-Unsubscribe-Post of every Radar mail).
import { AppError } from "@/lib/errors/app-error";
import { jsonResponse } from "@/lib/http/errors";
import { route } from "@/lib/http/handler";
import { unsubscribeOwner } from "@/lib/personal-data/radar-unsubscribe";

export const dynamic = "force-dynamic";

// Not stateChanging: the mail provider posts it from its own servers, with no Origin of ours. The
// token is the whole authority (only the owner's mails hold it), so a forged cross-site post
// could only unsubscribe someone whose secret link the forger already has.
export const POST = route<{ token: string }>(
  "POST /api/radar/cancelar/[token]",
  { stateChanging: false },
  async (_req, { token }) => {
    const outcome = await unsubscribeOwner(token);
    if (outcome === "invalid")
      throw new AppError({
        code: "NOT_FOUND",
        message: "Link de cancelamento inválido: nenhum aviso foi alterado.",
      });
    return jsonResponse({ outcome });
  },
);
