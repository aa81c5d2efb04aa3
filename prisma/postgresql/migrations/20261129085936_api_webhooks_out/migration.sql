-- AlterTable
ALTER TABLE "Checkout" ADD COLUMN     "expiryNotedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "LookupBatch" ADD COLUMN     "finishedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "ApiEndpoint" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabledAt" TIMESTAMP(3),
    "disabledReason" TEXT,
    "failingSince" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ApiEndpoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiEvent" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApiEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiDelivery" (
    "id" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "endpointId" TEXT NOT NULL,
    "outcome" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "notBefore" TIMESTAMP(3),
    "leaseOwner" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "lastStatus" INTEGER,
    "lastError" TEXT,
    "deliveredAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApiDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiDeliveryAttempt" (
    "id" TEXT NOT NULL,
    "deliveryId" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "status" INTEGER,
    "errorCode" TEXT,
    "durationMs" INTEGER NOT NULL,
    "body" TEXT,
    "manual" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "ApiDeliveryAttempt_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "ApiEndpoint" ADD CONSTRAINT "ApiEndpoint_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiEvent" ADD CONSTRAINT "ApiEvent_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiDelivery" ADD CONSTRAINT "ApiDelivery_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "ApiEvent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiDelivery" ADD CONSTRAINT "ApiDelivery_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "ApiEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiDeliveryAttempt" ADD CONSTRAINT "ApiDeliveryAttempt_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "ApiDelivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;

