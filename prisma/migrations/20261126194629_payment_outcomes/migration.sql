-- AlterTable
ALTER TABLE "Payment" ADD COLUMN "callError" TEXT;
ALTER TABLE "Payment" ADD COLUMN "nextConfirmAt" DATETIME;
ALTER TABLE "Payment" ADD COLUMN "notFoundCount" INTEGER;
ALTER TABLE "Payment" ADD COLUMN "notFoundSince" DATETIME;
ALTER TABLE "Payment" ADD COLUMN "unconfirmedEvents" INTEGER;

-- AlterTable
ALTER TABLE "PaymentEvent" ADD COLUMN "detail" TEXT;

