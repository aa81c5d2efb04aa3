// POST /api/installments – the cost of each way to pay an amount: card 1x-12x and PIX, with interest.
import { getInstallments } from "@/lib/checkouts/installments";
import { clientKey } from "@/lib/http/client-ip";
import { jsonResponse } from "@/lib/http/errors";
import { route } from "@/lib/http/handler";
import { readJson } from "@/lib/http/json-body";
import { parseOrThrow } from "@/lib/http/validation";
import { consume } from "@/lib/rate-limit/limits";
import { installmentsInputSchema } from "@/lib/validation/installments-input";

export const dynamic = "force-dynamic";

// A read (a simulation), but each one we have not cached costs an upstream call from the key's
// shared budget: our own pages only (Origin, JSON), and a per-client limit on the calls it causes.
export const POST = route(
  "POST /api/installments",
  { stateChanging: true, jsonBody: true },
  async (req) => {
    const { amountCents } = parseOrThrow(installmentsInputSchema, await readJson(req));
    return jsonResponse(
      await getInstallments(amountCents, () => consume("installments", clientKey(req))),
    );
  },
);
