-- AlterTable
ALTER TABLE "Checkout" ADD COLUMN "replacesId" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Checkout_replacesId_key" ON "Checkout"("replacesId");

