-- AlterTable
ALTER TABLE "User" ADD COLUMN     "officeCnpj" TEXT,
ADD COLUMN     "officeName" TEXT;

-- CreateTable
CREATE TABLE "VehicleProfile" (
    "plate" TEXT NOT NULL,
    "uf" TEXT NOT NULL,
    "make" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "VehicleProfile_pkey" PRIMARY KEY ("plate","uf")
);

