-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "nextStatusCheckAt" TIMESTAMP(3),
ADD COLUMN     "statusCheckAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "WebhookEvent" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "leaseOwner" TEXT,
ADD COLUMN     "leaseUntil" TIMESTAMP(3),
ADD COLUMN     "notBefore" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "RateLimiterFlexible" (
    "key" TEXT NOT NULL,
    "points" INTEGER NOT NULL,
    "expire" TIMESTAMP(3),

    CONSTRAINT "RateLimiterFlexible_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "CardToken" (
    "tokenHash" TEXT NOT NULL,
    "checkoutId" TEXT NOT NULL,
    "brand" TEXT NOT NULL,
    "lastFour" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CardToken_pkey" PRIMARY KEY ("tokenHash")
);

-- CreateTable
CREATE TABLE "UpstreamBudgetWindow" (
    "minute" INTEGER NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "UpstreamBudgetWindow_pkey" PRIMARY KEY ("minute")
);

-- CreateTable
CREATE TABLE "UpstreamPause" (
    "operation" TEXT NOT NULL,
    "pausedUntil" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UpstreamPause_pkey" PRIMARY KEY ("operation")
);

-- CreateIndex
CREATE INDEX "RateLimiterFlexible_expire_idx" ON "RateLimiterFlexible"("expire");

-- CreateIndex
CREATE INDEX "CardToken_expiresAt_idx" ON "CardToken"("expiresAt");

-- CreateIndex
CREATE INDEX "WebhookEvent_leaseOwner_idx" ON "WebhookEvent"("leaseOwner");

