-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "traceparent" TEXT;

-- AlterTable
ALTER TABLE "WebhookEvent" ADD COLUMN     "traceparent" TEXT;

-- AlterTable
ALTER TABLE "MailMessage" ADD COLUMN     "traceparent" TEXT;

-- AlterTable
ALTER TABLE "LookupBatchItem" ADD COLUMN     "traceparent" TEXT;

