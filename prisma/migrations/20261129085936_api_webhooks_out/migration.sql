-- AlterTable
ALTER TABLE "Checkout" ADD COLUMN "expiryNotedAt" DATETIME;

-- AlterTable
ALTER TABLE "LookupBatch" ADD COLUMN "finishedAt" DATETIME;

-- CreateTable
CREATE TABLE "ApiEndpoint" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabledAt" DATETIME,
    "disabledReason" TEXT,
    "failingSince" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ApiEndpoint_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ApiEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ApiEvent_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ApiDelivery" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "eventId" TEXT NOT NULL,
    "endpointId" TEXT NOT NULL,
    "outcome" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "notBefore" DATETIME,
    "leaseOwner" TEXT,
    "leaseUntil" DATETIME,
    "lastStatus" INTEGER,
    "lastError" TEXT,
    "deliveredAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ApiDelivery_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "ApiEvent" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ApiDelivery_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "ApiEndpoint" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ApiDeliveryAttempt" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "deliveryId" TEXT NOT NULL,
    "at" DATETIME NOT NULL,
    "status" INTEGER,
    "errorCode" TEXT,
    "durationMs" INTEGER NOT NULL,
    "body" TEXT,
    "manual" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "ApiDeliveryAttempt_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "ApiDelivery" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ApiEndpoint_userId_createdAt_idx" ON "ApiEndpoint"("userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ApiEvent_dedupeKey_key" ON "ApiEvent"("dedupeKey");

-- CreateIndex
CREATE INDEX "ApiEvent_userId_createdAt_idx" ON "ApiEvent"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "ApiDelivery_outcome_createdAt_idx" ON "ApiDelivery"("outcome", "createdAt");

-- CreateIndex
CREATE INDEX "ApiDelivery_endpointId_createdAt_idx" ON "ApiDelivery"("endpointId", "createdAt");

-- CreateIndex
CREATE INDEX "ApiDelivery_leaseOwner_idx" ON "ApiDelivery"("leaseOwner");

-- CreateIndex
CREATE UNIQUE INDEX "ApiDelivery_eventId_endpointId_key" ON "ApiDelivery"("eventId", "endpointId");

-- CreateIndex
CREATE INDEX "ApiDeliveryAttempt_deliveryId_at_idx" ON "ApiDeliveryAttempt"("deliveryId", "at");

-- CreateIndex
CREATE INDEX "Checkout_expiryNotedAt_expiresAt_idx" ON "Checkout"("expiryNotedAt", "expiresAt");

