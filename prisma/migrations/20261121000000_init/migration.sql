-- CreateTable
CREATE TABLE "Lookup" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "externalId" TEXT NOT NULL,
    "transactionId" TEXT,
    "uf" TEXT NOT NULL,
    "plate" TEXT NOT NULL,
    "renavam" TEXT NOT NULL,
    "cpfCnpj" TEXT NOT NULL,
    "vehicleJson" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "errorCode" TEXT,
    "errorMessage" TEXT,
    "resultJson" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "resolvedAt" DATETIME
);

-- CreateTable
CREATE TABLE "LookupDebt" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "lookupId" TEXT NOT NULL,
    "debtId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "dueDate" DATETIME,
    "expirationDate" DATETIME,
    "hasDiscount" BOOLEAN NOT NULL DEFAULT false,
    "isExpired" BOOLEAN NOT NULL DEFAULT false,
    "year" INTEGER,
    "required" BOOLEAN NOT NULL DEFAULT false,
    "dependsOn" TEXT NOT NULL DEFAULT '[]',
    "distinct" TEXT NOT NULL DEFAULT '[]',
    "ait" TEXT,
    CONSTRAINT "LookupDebt_lookupId_fkey" FOREIGN KEY ("lookupId") REFERENCES "Lookup" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Checkout" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "publicToken" TEXT NOT NULL,
    "upstreamCheckoutId" TEXT NOT NULL,
    "lookupId" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "customerName" TEXT NOT NULL,
    "customerEmail" TEXT NOT NULL,
    "customerCpfCnpj" TEXT NOT NULL,
    "customerPhone" TEXT NOT NULL,
    "plate" TEXT NOT NULL,
    "renavam" TEXT NOT NULL,
    "uf" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'owner',
    "creatorKey" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Checkout_lookupId_fkey" FOREIGN KEY ("lookupId") REFERENCES "Lookup" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CheckoutDebt" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "checkoutId" TEXT NOT NULL,
    "debtId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    CONSTRAINT "CheckoutDebt_checkoutId_fkey" FOREIGN KEY ("checkoutId") REFERENCES "Checkout" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Payment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "externalId" TEXT NOT NULL,
    "paymentId" TEXT,
    "transactionId" TEXT,
    "checkoutId" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "liquidationStatus" TEXT,
    "amountCents" INTEGER,
    "installments" INTEGER,
    "cardBrand" TEXT,
    "cardLastFour" TEXT,
    "pixCode" TEXT,
    "pixExpiresAt" DATETIME,
    "paidAt" DATETIME,
    "settledAt" DATETIME,
    "failureMessage" TEXT,
    "lastCheckedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Payment_checkoutId_fkey" FOREIGN KEY ("checkoutId") REFERENCES "Checkout" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PaymentDebt" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "paymentId" TEXT NOT NULL,
    "debtId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "settledAt" DATETIME,
    CONSTRAINT "PaymentDebt_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PaymentEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "paymentId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "liquidationStatus" TEXT,
    "source" TEXT NOT NULL,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PaymentEvent_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "WebhookEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "dedupeKey" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "transactionId" TEXT,
    "externalId" TEXT,
    "payload" TEXT NOT NULL,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "outcome" TEXT,
    "appliedAt" DATETIME,
    "error" TEXT
);

-- CreateIndex
CREATE UNIQUE INDEX "Lookup_externalId_key" ON "Lookup"("externalId");

-- CreateIndex
CREATE UNIQUE INDEX "Lookup_transactionId_key" ON "Lookup"("transactionId");

-- CreateIndex
CREATE INDEX "Lookup_plate_createdAt_idx" ON "Lookup"("plate", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "LookupDebt_lookupId_debtId_key" ON "LookupDebt"("lookupId", "debtId");

-- CreateIndex
CREATE UNIQUE INDEX "Checkout_publicToken_key" ON "Checkout"("publicToken");

-- CreateIndex
CREATE UNIQUE INDEX "Checkout_upstreamCheckoutId_key" ON "Checkout"("upstreamCheckoutId");

-- CreateIndex
CREATE INDEX "Checkout_creatorKey_createdAt_idx" ON "Checkout"("creatorKey", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "CheckoutDebt_checkoutId_debtId_key" ON "CheckoutDebt"("checkoutId", "debtId");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_externalId_key" ON "Payment"("externalId");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_paymentId_key" ON "Payment"("paymentId");

-- CreateIndex
CREATE INDEX "Payment_status_updatedAt_idx" ON "Payment"("status", "updatedAt");

-- CreateIndex
CREATE INDEX "Payment_checkoutId_idx" ON "Payment"("checkoutId");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentDebt_paymentId_debtId_key" ON "PaymentDebt"("paymentId", "debtId");

-- CreateIndex
CREATE INDEX "PaymentEvent_paymentId_at_idx" ON "PaymentEvent"("paymentId", "at");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookEvent_dedupeKey_key" ON "WebhookEvent"("dedupeKey");

-- CreateIndex
CREATE INDEX "WebhookEvent_outcome_receivedAt_idx" ON "WebhookEvent"("outcome", "receivedAt");

