-- CreateTable
CREATE TABLE "RadarWatch" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "userId" TEXT,
    "vehicleId" TEXT,
    "uf" TEXT,
    "plate" TEXT,
    "renavam" TEXT,
    "cpfCnpj" TEXT,
    "cpfCnpjIndex" TEXT,
    "email" TEXT,
    "emailIndex" TEXT,
    "ownerKey" TEXT,
    "status" TEXT NOT NULL,
    "stopReason" TEXT,
    "recurrence" TEXT NOT NULL DEFAULT 'weekly',
    "confirmTokenHash" TEXT,
    "unsubscribeTokenHash" TEXT,
    "baselineLookupId" TEXT,
    "lastScanAt" DATETIME,
    "nextScanAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "confirmedAt" DATETIME,
    "stoppedAt" DATETIME,
    "personalDataErasedAt" DATETIME,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "notBefore" DATETIME,
    "leaseOwner" TEXT,
    "leaseUntil" DATETIME,
    CONSTRAINT "RadarWatch_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "RadarWatch_vehicleId_fkey" FOREIGN KEY ("vehicleId") REFERENCES "WorkspaceVehicle" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RadarScan" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "watchId" TEXT NOT NULL,
    "dueAt" DATETIME NOT NULL,
    "lookupId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "errorCode" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "notBefore" DATETIME,
    "leaseOwner" TEXT,
    "leaseUntil" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME,
    CONSTRAINT "RadarScan_watchId_fkey" FOREIGN KEY ("watchId") REFERENCES "RadarWatch" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RadarEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "watchId" TEXT NOT NULL,
    "userId" TEXT,
    "dedupeKey" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "reason" TEXT,
    "debtKey" TEXT,
    "debtId" TEXT,
    "lookupId" TEXT,
    "type" TEXT,
    "title" TEXT,
    "amountCents" INTEGER,
    "previousAmountCents" INTEGER,
    "dueDate" DATETIME,
    "expirationDate" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ownerMailedAt" DATETIME,
    "digestedAt" DATETIME,
    CONSTRAINT "RadarEvent_watchId_fkey" FOREIGN KEY ("watchId") REFERENCES "RadarWatch" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RadarAccount" (
    "userId" TEXT NOT NULL PRIMARY KEY,
    "monthlyCap" INTEGER NOT NULL,
    "radarSeenAt" DATETIME,
    "painelSeenAt" DATETIME,
    "lastDigestDay" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "RadarAccount_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "RadarWatch_vehicleId_key" ON "RadarWatch"("vehicleId");

-- CreateIndex
CREATE UNIQUE INDEX "RadarWatch_ownerKey_key" ON "RadarWatch"("ownerKey");

-- CreateIndex
CREATE UNIQUE INDEX "RadarWatch_confirmTokenHash_key" ON "RadarWatch"("confirmTokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "RadarWatch_unsubscribeTokenHash_key" ON "RadarWatch"("unsubscribeTokenHash");

-- CreateIndex
CREATE INDEX "RadarWatch_status_notBefore_idx" ON "RadarWatch"("status", "notBefore");

-- CreateIndex
CREATE INDEX "RadarWatch_userId_status_idx" ON "RadarWatch"("userId", "status");

-- CreateIndex
CREATE INDEX "RadarWatch_leaseOwner_idx" ON "RadarWatch"("leaseOwner");

-- CreateIndex
CREATE INDEX "RadarWatch_emailIndex_idx" ON "RadarWatch"("emailIndex");

-- CreateIndex
CREATE INDEX "RadarWatch_cpfCnpjIndex_idx" ON "RadarWatch"("cpfCnpjIndex");

-- CreateIndex
CREATE UNIQUE INDEX "RadarScan_lookupId_key" ON "RadarScan"("lookupId");

-- CreateIndex
CREATE INDEX "RadarScan_status_notBefore_idx" ON "RadarScan"("status", "notBefore");

-- CreateIndex
CREATE INDEX "RadarScan_leaseOwner_idx" ON "RadarScan"("leaseOwner");

-- CreateIndex
CREATE UNIQUE INDEX "RadarScan_watchId_dueAt_key" ON "RadarScan"("watchId", "dueAt");

-- CreateIndex
CREATE UNIQUE INDEX "RadarEvent_dedupeKey_key" ON "RadarEvent"("dedupeKey");

-- CreateIndex
CREATE INDEX "RadarEvent_userId_createdAt_idx" ON "RadarEvent"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "RadarEvent_watchId_createdAt_idx" ON "RadarEvent"("watchId", "createdAt");

-- CreateIndex
CREATE INDEX "RadarEvent_ownerMailedAt_idx" ON "RadarEvent"("ownerMailedAt");

-- CreateIndex
CREATE INDEX "RadarEvent_digestedAt_idx" ON "RadarEvent"("digestedAt");

