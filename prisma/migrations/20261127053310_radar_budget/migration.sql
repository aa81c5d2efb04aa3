-- CreateTable
CREATE TABLE "RadarBudgetWindow" (
    "minute" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "count" INTEGER NOT NULL DEFAULT 0
);

