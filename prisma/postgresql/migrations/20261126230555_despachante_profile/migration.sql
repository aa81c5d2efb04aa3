-- AlterTable
ALTER TABLE "User" ADD COLUMN     "officeCnpj" TEXT,
ADD COLUMN     "officeName" TEXT;

