-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "publicRef" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Payment_publicRef_key" ON "Payment"("publicRef");

