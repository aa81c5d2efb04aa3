import "server-only";
import { db } from "@/lib/db/client";
import { reclaimErasedSpace } from "@/lib/db/reclaim";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { moduleLogger } from "@/lib/log/logger";
import { metrics } from "@/lib/metrics/registry";
import { requestDecision, type PaymentFacts } from "@/lib/rules/retention";
import { eraseClient } from "./erase-client";
import { eraseOwnerWatches } from "./erase-watch";
import { erasedCheckout, erasedLookup, openOrPaidSince } from "./erasable";
import { exportOf, findPerson, legalCutoff, type PersonRows } from "./person";
import { eraseTraces } from "./traces";
import { clock } from "@/lib/clock";

// A person's request to be erased (LGPD art. 18, VI), run by an operator
// (`npm run ops:personal-data -- erase <cpf>`, docs/privacy.md). Everything we hold about the
// CPF/CNPJ goes, except a paid record within the legal period, which is kept and reported with the
// date it will go. A payment still open refuses the whole request, nothing erased: its payer is
// needed if it lands. Each erasing statement re-checks the rule on its rows (./erasable.ts), and a
// request run again after a crash erases what is left and reports the same kept rows.

const log = moduleLogger("personal-data");

export type Kept = {
  record: "lookup" | "checkout";
  id: string;
  reason: "legal_period";
  until: string;
};

export type ErasureReport = {
  document: string;
  erased: {
    lookups: number;
    checkouts: number;
    webhookPayloads: number;
    mails: number;
    testMailbox: number;
    workspaceClients: number;
    radarWatches: number;
  };
  /** Kept because the law keeps them, with the date the retention task erases them. */
  kept: Kept[];
  /** Messages still to be sent: erased by the retention task after they are. */
  pendingMails: number;
  /** Deliveries not applied yet: erased once applied, after their period. */
  pendingWebhookEvents: number;
};

/** What a request erases in (eraseClient reclaims the client's tables itself). */
const PERSON_TABLES = [
  "Lookup",
  "Checkout",
  "WebhookEvent",
  "MailMessage",
  "ReceivedMail",
  "RadarWatch",
  "RadarEvent",
] as const;

type Row = { id: string; createdAt: Date; payments: PaymentFacts[] };

function decide(rows: PersonRows, now: Date) {
  const periods = env.retention;
  const checkoutsOf = (lookupId: string) => rows.checkouts.filter((c) => c.lookupId === lookupId);
  const lookups: Row[] = rows.lookups.map((l) => ({
    id: l.id,
    createdAt: l.createdAt,
    payments: checkoutsOf(l.id).flatMap((c) => c.payments),
  }));
  const checkouts: Row[] = rows.checkouts.map((c) => ({
    id: c.id,
    createdAt: c.createdAt,
    payments: c.payments,
  }));
  const judged = (record: "lookup" | "checkout", list: Row[]) =>
    list.map((r) => ({
      record,
      id: r.id,
      decision: requestDecision(
        { lastActivityAt: r.createdAt, payments: r.payments },
        periods,
        now,
      ),
    }));
  return [...judged("checkout", checkouts), ...judged("lookup", lookups)];
}

/** Refuses with PERSONAL_DATA_PAYMENT_OPEN when a payment still open needs the person. */
function refuseWhileOpen(rows: PersonRows, decisions: ReturnType<typeof decide>): void {
  const open = decisions.filter(
    (d) => !d.decision.erase && d.decision.reason === "payment_open" && d.record === "checkout",
  );
  if (open.length === 0) return;
  const statuses = open.flatMap(
    (d) => rows.checkouts.find((c) => c.id === d.id)?.payments.map((p) => p.status) ?? [],
  );
  throw new AppError({
    code: "PERSONAL_DATA_PAYMENT_OPEN",
    message: `Não é possível apagar agora: ${open.length} pagamento(s) em andamento (${[...new Set(statuses)].join(", ")}) ainda precisam destes dados. Tente de novo quando terminarem.`,
  });
}

export async function erasePerson(
  digits: string,
  now = clock.now(),
): Promise<{ export: ReturnType<typeof exportOf>; report: ErasureReport }> {
  const rows = await findPerson(digits);
  const exported = exportOf(digits, rows, now);
  const decisions = decide(rows, now);
  refuseWhileOpen(rows, decisions);
  const ids = (record: "lookup" | "checkout") =>
    decisions.filter((d) => d.record === record && d.decision.erase).map((d) => d.id);
  const paidBefore = legalCutoff(now);

  const erased = await db.$transaction(
    async (tx) => {
      // The statement keeps a row whose payment opened or was paid since it was read.
      const checkouts = (
        await tx.checkout.updateMany({
          where: {
            id: { in: ids("checkout") },
            personalDataErasedAt: null,
            payments: { none: openOrPaidSince(paidBefore) },
          },
          data: erasedCheckout(now),
        })
      ).count;
      const lookups = (
        await tx.lookup.updateMany({
          where: {
            id: { in: ids("lookup") },
            personalDataErasedAt: null,
            checkouts: { none: { payments: { some: openOrPaidSince(paidBefore) } } },
          },
          data: erasedLookup(now),
        })
      ).count;
      const traces = await eraseTraces(tx, rows, now);
      // Watching the vehicle for the person ends with the request: the watch stops and is erased.
      const watches = await eraseOwnerWatches(
        tx,
        rows.radarWatches.map((w) => w.id),
        now,
        { stopReason: "removed", mails: "cancel" },
      );
      return {
        lookups: lookups + watches.lookups,
        checkouts,
        ...traces,
        mails: traces.mails + watches.mails,
        testMailbox: traces.testMailbox + watches.testMailbox,
        // A watch's unsent mails were withdrawn with it: only the others are still to be sent.
        pendingMails: await tx.mailMessage.count({
          where: { id: { in: rows.mails.map((m) => m.id) }, status: "pending" },
        }),
        radarWatches: watches.watches,
      };
    },
    { timeout: 30_000, maxWait: 10_000 },
  );
  // A despachante's record of the person as a client goes the way the despachante's own deletion
  // takes it (vehicles, batch lookups, links that moved no money, their traces); kept links are reported.
  for (const client of rows.clients) await eraseClient(client.userId, client.id, now, "request");
  // Erased on disk too: the old copies of what was just overwritten go (lib/db/reclaim.ts).
  await reclaimErasedSpace(PERSON_TABLES);

  const { pendingMails, pendingWebhookEvents, ...counts } = erased;
  const report: ErasureReport = {
    document: digits,
    erased: { ...counts, workspaceClients: rows.clients.length },
    kept: decisions.flatMap((d) =>
      !d.decision.erase && d.decision.reason === "legal_period"
        ? [
            {
              record: d.record,
              id: d.id,
              reason: "legal_period" as const,
              until: d.decision.until.toISOString(),
            },
          ]
        : [],
    ),
    pendingMails,
    pendingWebhookEvents,
  };
  const count = (record: string, n: number) =>
    n > 0 && metrics.personalDataErased.inc({ record, reason: "request" }, n);
  count("lookup", erased.lookups);
  count("checkout", erased.checkouts);
  count("webhook_payload", erased.webhookPayloads);
  count("mail", erased.mails);
  count("received_mail", erased.testMailbox);
  count("radar_watch", erased.radarWatches);
  log.info({ erased: report.erased, kept: report.kept.length }, "personal data erased on request");
  return { export: exported, report };
}
