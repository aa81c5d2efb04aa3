-- CreateTable
CREATE TABLE "UpstreamBudgetWindow" (
    "minute" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "count" INTEGER NOT NULL DEFAULT 0
);

-- CreateTable
CREATE TABLE "UpstreamPause" (
    "operation" TEXT NOT NULL PRIMARY KEY,
    "pausedUntil" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

