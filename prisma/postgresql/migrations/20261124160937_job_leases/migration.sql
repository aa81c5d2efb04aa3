-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "nextStatusCheckAt" TIMESTAMP(3),
ADD COLUMN     "statusCheckAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "WebhookEvent" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "leaseOwner" TEXT,
ADD COLUMN     "leaseUntil" TIMESTAMP(3),
ADD COLUMN     "notBefore" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "WebhookEvent_leaseOwner_idx" ON "WebhookEvent"("leaseOwner");
