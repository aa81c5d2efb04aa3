-- CreateTable
CREATE TABLE "VehicleLock" (
    "plate" TEXT NOT NULL,
    "takenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VehicleLock_pkey" PRIMARY KEY ("plate")
);

