// npm run ops:still-listed – payments whose delisting checks ended "ainda listado" (a paid debt the
// authority still lists at the last check), newest first, one JSON line each (docs/delisting.md).
import "./lib/allow-server-only";

const { listStillListed } = await import("../lib/delisting/still-listed");
const { db } = await import("../lib/db/client");
try {
  const rows = await listStillListed();
  for (const row of rows) console.log(JSON.stringify(row));
  console.error(`[ops] ${rows.length} payment(s) with a paid debt still listed by the authority`);
} finally {
  await db.$disconnect();
}
