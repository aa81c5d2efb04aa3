-- AlterTable
ALTER TABLE "User" ADD COLUMN "officeCnpj" TEXT;
ALTER TABLE "User" ADD COLUMN "officeName" TEXT;

-- CreateTable
CREATE TABLE "VehicleProfile" (
    "plate" TEXT NOT NULL,
    "uf" TEXT NOT NULL,
    "make" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("plate", "uf")
);

