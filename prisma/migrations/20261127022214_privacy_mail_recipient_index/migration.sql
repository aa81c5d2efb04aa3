-- AlterTable
ALTER TABLE "MailMessage" ADD COLUMN "toIndex" TEXT;

-- CreateIndex
CREATE INDEX "MailMessage_toIndex_idx" ON "MailMessage"("toIndex");

