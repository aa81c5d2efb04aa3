-- AlterTable
ALTER TABLE "Lookup" ADD COLUMN "origin" TEXT;


-- Lookups already started by a batch item or a Radar scan: their results still reach that reaction.
UPDATE "Lookup" SET "origin" = 'batch' WHERE "id" IN (SELECT "lookupId" FROM "LookupBatchItem" WHERE "lookupId" IS NOT NULL);
UPDATE "Lookup" SET "origin" = 'radar' WHERE "id" IN (SELECT "lookupId" FROM "RadarScan" WHERE "lookupId" IS NOT NULL);
