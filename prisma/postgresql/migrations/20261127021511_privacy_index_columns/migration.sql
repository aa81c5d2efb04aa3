-- DropIndex
DROP INDEX "WorkspaceClient_userId_cpfCnpj_key";

-- AlterTable
ALTER TABLE "Lookup" ADD COLUMN     "cpfCnpjIndex" TEXT;

-- AlterTable
ALTER TABLE "Checkout" ADD COLUMN     "customerCpfCnpjIndex" TEXT;

-- AlterTable
ALTER TABLE "WorkspaceClient" ADD COLUMN     "cpfCnpjIndex" TEXT;

-- CreateIndex
CREATE INDEX "Lookup_cpfCnpjIndex_idx" ON "Lookup"("cpfCnpjIndex");

-- CreateIndex
CREATE INDEX "Checkout_customerCpfCnpjIndex_idx" ON "Checkout"("customerCpfCnpjIndex");

-- CreateIndex
CREATE UNIQUE INDEX "WorkspaceClient_userId_cpfCnpjIndex_key" ON "WorkspaceClient"("userId", "cpfCnpjIndex");

