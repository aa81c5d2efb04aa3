import "server-only";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { enqueueMail } from "@/lib/mail/enqueue";
import { kickOutbox } from "@/lib/mail/worker";
import { switchesOff } from "@/lib/rules/webhook-delivery";
import { apiEventsLog } from "./logger";
import { clock } from "@/lib/clock";

// An endpoint that keeps failing is switched off (docs/api-webhooks.md): its first failure with no
// success since is remembered (failingSince), a success forgets it, and a failure once
// API_WEBHOOK_DISABLE_AFTER_HOURS have passed since switches it off and tells the account by
// e-mail, in one transaction (the conditional update decides which instance does it).

type Health = { id: string; failingSince: Date | null };

export async function noteEndpointSuccess(endpoint: Health): Promise<void> {
  if (endpoint.failingSince === null) return;
  await db.apiEndpoint.updateMany({
    where: { id: endpoint.id, failingSince: { not: null } },
    data: { failingSince: null },
  });
}

export async function noteEndpointFailure(endpoint: Health): Promise<void> {
  const now = clock.now();
  if (endpoint.failingSince === null) {
    await db.apiEndpoint.updateMany({
      where: { id: endpoint.id, failingSince: null },
      data: { failingSince: now },
    });
    return;
  }
  if (!switchesOff(endpoint.failingSince, now, env.apiWebhooks.disableAfterMs)) return;
  const mailed = await db.$transaction(async (tx) => {
    const off = await tx.apiEndpoint.updateMany({
      where: { id: endpoint.id, enabled: true, failingSince: { not: null } },
      data: { enabled: false, disabledAt: now, disabledReason: "failing" },
    });
    if (off.count === 0) return false;
    const row = await tx.apiEndpoint.findUniqueOrThrow({
      where: { id: endpoint.id },
      select: { url: true, failingSince: true, user: { select: { email: true } } },
    });
    const since = row.failingSince ?? endpoint.failingSince!;
    apiEventsLog.warn({ endpoint: endpoint.id }, "webhook endpoint switched off: failing too long");
    return enqueueMail(tx, {
      dedupeKey: `api-webhook-disabled:${endpoint.id}:${since.toISOString()}`,
      to: row.user.email,
      template: "api-webhook-disabled",
      props: {
        url: row.url,
        failingDays: Math.floor((now.getTime() - since.getTime()) / 86_400_000),
        webhooksUrl: `${env.publicBaseUrl}/painel/api/webhooks`,
      },
    });
  });
  if (mailed) void kickOutbox();
}
