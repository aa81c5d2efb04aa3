import "server-only";
import { notInWorkspace } from "@/lib/auth/user-route";
import { db } from "@/lib/db/client";
import { isDelivered } from "@/lib/rules/webhook-delivery";
import { DELIVERY_SELECT, failureOf, tryDelivery } from "./delivery-job";
import { clock } from "@/lib/clock";

// "Reenviar": one delivery sent again now, at the account's request, outside the retry schedule
// (logged as a manual try). A success ends a pending or failed delivery as delivered; a failure
// changes nothing else (a pending one keeps its schedule, a failed one stays failed).

export type SendAgainResult = { delivered: boolean; status: number | null; error: string | null };

export async function sendAgain(
  userId: string,
  endpointId: string,
  deliveryId: string,
): Promise<SendAgainResult> {
  const delivery = await db.apiDelivery.findFirst({
    where: { id: deliveryId, endpointId, endpoint: { userId } },
    select: { id: true, ...DELIVERY_SELECT },
  });
  if (!delivery) throw notInWorkspace("Entrega");
  const result = await tryDelivery(delivery, true);
  const delivered = result.status !== undefined && isDelivered(result.status);
  if (delivered)
    // Not while a worker holds it: its own try ends the row (and says delivered the same way).
    await db.apiDelivery.updateMany({
      where: { id: delivery.id, OR: [{ outcome: null }, { outcome: "failed" }], leaseOwner: null },
      data: {
        outcome: "delivered",
        deliveredAt: clock.now(),
        lastStatus: result.status,
        lastError: null,
        notBefore: null,
      },
    });
  return {
    delivered,
    status: result.status ?? null,
    error: delivered ? null : failureOf(result),
  };
}
