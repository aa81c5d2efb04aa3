-- AlterTable
ALTER TABLE "ApiDelivery" ADD COLUMN     "traceparent" TEXT;

