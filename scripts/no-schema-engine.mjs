#!/usr/bin/env node
// Stands in for Prisma 7's native schema engine, which cannot be downloaded offline (named by
// prisma.config.ts). `prisma generate` only checks that it exists; a Prisma 7 command that really
// starts it (migrate, db push/pull) gets this message instead of a download failure.
console.error(
  "Prisma 7's migrate and db commands need the native schema engine, which is not installed here. " +
    "Use npm run db:migrate (apply), npm run db:migration -- <name> (write), npm run db:status (docs/toolchain.md).",
);
process.exit(1);
