-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "callError" TEXT,
ADD COLUMN     "nextConfirmAt" TIMESTAMP(3),
ADD COLUMN     "notFoundCount" INTEGER,
ADD COLUMN     "notFoundSince" TIMESTAMP(3),
ADD COLUMN     "unconfirmedEvents" INTEGER;

-- AlterTable
ALTER TABLE "PaymentEvent" ADD COLUMN     "detail" TEXT;

