-- AlterTable
ALTER TABLE "Lookup" ADD COLUMN "personalDataErasedAt" DATETIME;

-- AlterTable
ALTER TABLE "Checkout" ADD COLUMN "personalDataErasedAt" DATETIME;

-- AlterTable
ALTER TABLE "WebhookEvent" ADD COLUMN "personalDataErasedAt" DATETIME;

-- AlterTable
ALTER TABLE "MailMessage" ADD COLUMN "personalDataErasedAt" DATETIME;

-- CreateIndex
CREATE INDEX "Lookup_personalDataErasedAt_createdAt_idx" ON "Lookup"("personalDataErasedAt", "createdAt");

-- CreateIndex
CREATE INDEX "Checkout_personalDataErasedAt_createdAt_idx" ON "Checkout"("personalDataErasedAt", "createdAt");

-- CreateIndex
CREATE INDEX "WebhookEvent_personalDataErasedAt_appliedAt_idx" ON "WebhookEvent"("personalDataErasedAt", "appliedAt");

-- CreateIndex
CREATE INDEX "MailMessage_personalDataErasedAt_createdAt_idx" ON "MailMessage"("personalDataErasedAt", "createdAt");

