-- AlterTable
ALTER TABLE "Lookup" ADD COLUMN     "resolvedByEventId" TEXT;

