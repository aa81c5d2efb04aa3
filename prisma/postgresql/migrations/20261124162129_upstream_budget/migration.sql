-- CreateTable
CREATE TABLE "UpstreamBudgetWindow" (
    "minute" INTEGER NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

CONSTRAINT "UpstreamBudgetWindow_pkey" PRIMARY KEY ("minute")
);

-- CreateTable
CREATE TABLE "UpstreamPause" (
    "operation" TEXT NOT NULL,
    "pausedUntil" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

CONSTRAINT "UpstreamPause_pkey" PRIMARY KEY ("operation")
);
