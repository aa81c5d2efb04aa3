-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "Lookup" (
    "id" TEXT NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "resolvedAt" TIMESTAMP(3),

    CONSTRAINT "Lookup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LookupDebt" (
    "id" TEXT NOT NULL,
    "lookupId" TEXT NOT NULL,
    "debtId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "dueDate" TIMESTAMP(3),
    "expirationDate" TIMESTAMP(3),
    "hasDiscount" BOOLEAN NOT NULL DEFAULT false,
    "isExpired" BOOLEAN NOT NULL DEFAULT false,
    "year" INTEGER,
    "required" BOOLEAN NOT NULL DEFAULT false,
    "dependsOn" TEXT NOT NULL DEFAULT '[]',
    "distinct" TEXT NOT NULL DEFAULT '[]',
    "ait" TEXT,

    CONSTRAINT "LookupDebt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Checkout" (
    "id" TEXT NOT NULL,
    "publicToken" TEXT NOT NULL,
    "upstreamCheckoutId" TEXT NOT NULL,
    "lookupId" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "customerName" TEXT NOT NULL,
    "customerEmail" TEXT NOT NULL,
    "customerCpfCnpj" TEXT NOT NULL,
    "customerPhone" TEXT NOT NULL,
    "plate" TEXT NOT NULL,
    "renavam" TEXT NOT NULL,
    "uf" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'owner',
    "creatorKey" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Checkout_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CheckoutDebt" (
    "id" TEXT NOT NULL,
    "checkoutId" TEXT NOT NULL,
    "debtId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,

    CONSTRAINT "CheckoutDebt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Payment" (
    "id" TEXT NOT NULL,
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
    "pixExpiresAt" TIMESTAMP(3),
    "paidAt" TIMESTAMP(3),
    "settledAt" TIMESTAMP(3),
    "failureMessage" TEXT,
    "lastCheckedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Payment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PaymentDebt" (
    "id" TEXT NOT NULL,
    "paymentId" TEXT NOT NULL,
    "debtId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "settledAt" TIMESTAMP(3),

    CONSTRAINT "PaymentDebt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PaymentEvent" (
    "id" TEXT NOT NULL,
    "paymentId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "liquidationStatus" TEXT,
    "source" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PaymentEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookEvent" (
    "id" TEXT NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "transactionId" TEXT,
    "externalId" TEXT,
    "payload" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "outcome" TEXT,
    "appliedAt" TIMESTAMP(3),
    "error" TEXT,

    CONSTRAINT "WebhookEvent_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "LookupDebt" ADD CONSTRAINT "LookupDebt_lookupId_fkey" FOREIGN KEY ("lookupId") REFERENCES "Lookup"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Checkout" ADD CONSTRAINT "Checkout_lookupId_fkey" FOREIGN KEY ("lookupId") REFERENCES "Lookup"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CheckoutDebt" ADD CONSTRAINT "CheckoutDebt_checkoutId_fkey" FOREIGN KEY ("checkoutId") REFERENCES "Checkout"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_checkoutId_fkey" FOREIGN KEY ("checkoutId") REFERENCES "Checkout"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentDebt" ADD CONSTRAINT "PaymentDebt_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentEvent" ADD CONSTRAINT "PaymentEvent_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

