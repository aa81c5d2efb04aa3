-- AlterTable
ALTER TABLE "RadarWatch" ADD COLUMN     "confirmRequestedAt" TIMESTAMP(3);


-- A watch already waiting for its confirmation: its link was sent at its last update.
UPDATE "RadarWatch" SET "confirmRequestedAt" = "updatedAt" WHERE "status" = 'pending_confirmation';
