import "server-only";
import * as z from "zod/mini";
import { db } from "@/lib/db/client";

// Which vehicle a payment was for, as the status page names it: the plate and UF the checkout
// fixed, and make and model when the lookup kept what enrichment said (not every lookup went
// through enrichment; a despachante's batch never does).

export type PaymentVehicle = { plate: string; uf: string; make?: string; model?: string };

const enriched = z.object({ make: z.string(), model: z.string() });

function makeAndModel(vehicleJson: string | null): { make?: string; model?: string } {
  if (!vehicleJson) return {};
  try {
    const parsed = z.safeParse(enriched, JSON.parse(vehicleJson));
    return parsed.success ? { make: parsed.data.make.trim(), model: parsed.data.model.trim() } : {};
  } catch {
    return {};
  }
}

export async function loadPaymentVehicle(paymentRowId: string): Promise<PaymentVehicle | null> {
  const p = await db.payment.findUnique({
    where: { id: paymentRowId },
    select: {
      checkout: { select: { plate: true, uf: true, lookup: { select: { vehicleJson: true } } } },
    },
  });
  if (!p) return null;
  return {
    plate: p.checkout.plate,
    uf: p.checkout.uf,
    ...makeAndModel(p.checkout.lookup.vehicleJson),
  };
}
