-- AlterTable
ALTER TABLE "Payment" ADD COLUMN "renewedFromId" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Payment_renewedFromId_key" ON "Payment"("renewedFromId");

