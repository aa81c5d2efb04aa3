// POST /api/installments – the cost of each way to pay an amount: card 1x-12x and PIX, with interest.
import { getInstallments } from "@/lib/checkouts/installments";
import { jsonResponse } from "@/lib/http/errors";
import { route } from "@/lib/http/handler";
import { readJson } from "@/lib/http/json-body";
import { parseOrThrow } from "@/lib/http/validation";
import { installmentsInputSchema } from "@/lib/validation/installments-input";

export const dynamic = "force-dynamic";

// A read (a simulation), but POST with a JSON body per the contract; no state changes, so no Origin check.
export const POST = route("POST /api/installments", { stateChanging: false }, async (req) => {
  const { amountCents } = parseOrThrow(installmentsInputSchema, await readJson(req));
  return jsonResponse(await getInstallments(amountCents));
});
