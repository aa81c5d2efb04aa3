import "server-only";
import * as rule from "@/lib/rules/retention";
import type { RowFilter } from "@/lib/rules/row-filter";
import { erasedCheckout, erasedLookup, erasedMail, erasedWebhookPayload } from "./erasable";
import { erasedWatch } from "./erase-watch";

// Every table with sealed columns (lib/db/sealed-fields.ts) and how its person's data ends: blanked
// in place by the retention rules named (the `erased` data they write), its rows deleted by a rule
// or an action, or kept on purpose (why). tests/unit/privacy/sealed-retention.test.ts fails for a
// sealed column that nothing here ends; docs/privacy.md's data map says the same in words.

type Rule = (...args: never[]) => RowFilter;

export type SealedEnding =
  | { erased: (at: Date) => Record<string, unknown>; rules: readonly Rule[] }
  | { deleted: readonly Rule[] }
  | { deletedBy: string }
  | { kept: string };

export const SEALED_RETENTION: Readonly<Record<string, SealedEnding>> = {
  Lookup: { erased: erasedLookup, rules: [rule.unpaidRecord, rule.paidExpiredRecord] },
  Checkout: { erased: erasedCheckout, rules: [rule.unpaidRecord, rule.paidExpiredRecord] },
  WebhookEvent: { erased: erasedWebhookPayload, rules: [rule.appliedWebhookPayloads] },
  MailMessage: { erased: erasedMail, rules: [rule.doneMails] },
  RadarWatch: { erased: erasedWatch, rules: [rule.unconfirmedWatches, rule.stoppedWatches] },
  ReceivedMail: { deleted: [rule.receivedMails] },
  ApiIdempotency: { deleted: [rule.expiredIdempotencyAnswers] },
  Session: { deleted: [rule.expiredSessions] },
  WorkspaceClient: {
    deletedBy: "the despachante deleting the client (lib/personal-data/erase-client.ts)",
  },
  WorkspaceVehicle: { deletedBy: "with its client (lib/personal-data/erase-client.ts)" },
  ApiEndpoint: {
    deletedBy:
      "the account deleting the endpoint (lib/api-events/endpoints.ts), or with the account",
  },
  User: { kept: "while the account lives (no account deletion yet: docs/privacy.md)" },
};
