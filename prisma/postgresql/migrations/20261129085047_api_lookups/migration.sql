-- AlterTable
ALTER TABLE "Lookup" ADD COLUMN     "ownerUserId" TEXT,
ADD COLUMN     "vehicleId" TEXT;

-- CreateIndex
CREATE INDEX "Lookup_ownerUserId_vehicleId_idx" ON "Lookup"("ownerUserId", "vehicleId");

