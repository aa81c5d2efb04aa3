// npm run ops:unverified-payments – payments with a status the upstream returned that we do not
// know (shown "em verificação com a operadora"), oldest first, one JSON line each.
import "./lib/allow-server-only";

const { listUnverifiedPayments } = await import("../lib/payments/unverified");
const { db } = await import("../lib/db/client");
try {
  const rows = await listUnverifiedPayments();
  for (const row of rows) console.log(JSON.stringify(row));
  console.error(`[ops] ${rows.length} payment(s) under verification`);
} finally {
  await db.$disconnect();
}
