-- AlterTable
ALTER TABLE "User" ADD COLUMN "officeCnpj" TEXT;
ALTER TABLE "User" ADD COLUMN "officeName" TEXT;

