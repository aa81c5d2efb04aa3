-- AlterTable
ALTER TABLE "Payment" ADD COLUMN "nextStatusCheckAt" DATETIME;
ALTER TABLE "Payment" ADD COLUMN "statusCheckAt" DATETIME;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_WebhookEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "dedupeKey" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "transactionId" TEXT,
    "externalId" TEXT,
    "payload" TEXT NOT NULL,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "outcome" TEXT,
    "appliedAt" DATETIME,
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "notBefore" DATETIME,
    "leaseOwner" TEXT,
    "leaseUntil" DATETIME
);
INSERT INTO "new_WebhookEvent" ("appliedAt", "dedupeKey", "error", "externalId", "id", "outcome", "payload", "receivedAt", "transactionId", "type") SELECT "appliedAt", "dedupeKey", "error", "externalId", "id", "outcome", "payload", "receivedAt", "transactionId", "type" FROM "WebhookEvent";
DROP TABLE "WebhookEvent";
ALTER TABLE "new_WebhookEvent" RENAME TO "WebhookEvent";
CREATE UNIQUE INDEX "WebhookEvent_dedupeKey_key" ON "WebhookEvent"("dedupeKey");
CREATE INDEX "WebhookEvent_outcome_receivedAt_idx" ON "WebhookEvent"("outcome", "receivedAt");
CREATE INDEX "WebhookEvent_leaseOwner_idx" ON "WebhookEvent"("leaseOwner");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

