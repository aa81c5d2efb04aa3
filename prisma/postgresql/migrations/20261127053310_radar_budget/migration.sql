-- CreateTable
CREATE TABLE "RadarBudgetWindow" (
    "minute" INTEGER NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "RadarBudgetWindow_pkey" PRIMARY KEY ("minute")
);

