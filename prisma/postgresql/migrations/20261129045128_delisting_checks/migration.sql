-- CreateTable
CREATE TABLE "DelistingWatch" (
    "id" TEXT NOT NULL,
    "paymentId" TEXT NOT NULL,
    "settledAt" TIMESTAMP(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'checking',
    "round" INTEGER NOT NULL DEFAULT 1,
    "lookupId" TEXT,
    "roundErrors" INTEGER NOT NULL DEFAULT 0,
    "verdict" TEXT,
    "decidedAt" TIMESTAMP(3),
    "errorCode" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "notBefore" TIMESTAMP(3),
    "leaseOwner" TEXT,
    "leaseUntil" TIMESTAMP(3),

    CONSTRAINT "DelistingWatch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DelistingDebt" (
    "id" TEXT NOT NULL,
    "watchId" TEXT NOT NULL,
    "debtId" TEXT NOT NULL,
    "debtKey" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'checking',
    "confirmedAt" TIMESTAMP(3),
    "confirmedByLookupId" TEXT,
    "lastListedAt" TIMESTAMP(3),
    "lastListedLookupId" TEXT,
    "listedAmountCents" INTEGER,

    CONSTRAINT "DelistingDebt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DelistingCheck" (
    "id" TEXT NOT NULL,
    "watchId" TEXT NOT NULL,
    "round" INTEGER NOT NULL,
    "lookupId" TEXT NOT NULL,
    "outcome" TEXT,
    "errorCode" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endedAt" TIMESTAMP(3),

    CONSTRAINT "DelistingCheck_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "DelistingWatch_paymentId_key" ON "DelistingWatch"("paymentId");

-- CreateIndex
CREATE UNIQUE INDEX "DelistingWatch_lookupId_key" ON "DelistingWatch"("lookupId");

-- CreateIndex
CREATE INDEX "DelistingWatch_status_notBefore_idx" ON "DelistingWatch"("status", "notBefore");

-- CreateIndex
CREATE INDEX "DelistingWatch_leaseOwner_idx" ON "DelistingWatch"("leaseOwner");

-- CreateIndex
CREATE INDEX "DelistingWatch_verdict_decidedAt_idx" ON "DelistingWatch"("verdict", "decidedAt");

-- CreateIndex
CREATE UNIQUE INDEX "DelistingDebt_watchId_debtId_key" ON "DelistingDebt"("watchId", "debtId");

-- CreateIndex
CREATE UNIQUE INDEX "DelistingCheck_lookupId_key" ON "DelistingCheck"("lookupId");

-- CreateIndex
CREATE INDEX "DelistingCheck_watchId_idx" ON "DelistingCheck"("watchId");

-- AddForeignKey
ALTER TABLE "DelistingDebt" ADD CONSTRAINT "DelistingDebt_watchId_fkey" FOREIGN KEY ("watchId") REFERENCES "DelistingWatch"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DelistingCheck" ADD CONSTRAINT "DelistingCheck_watchId_fkey" FOREIGN KEY ("watchId") REFERENCES "DelistingWatch"("id") ON DELETE CASCADE ON UPDATE CASCADE;

