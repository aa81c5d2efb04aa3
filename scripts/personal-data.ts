// npm run ops:personal-data -- export <CPF/CNPJ>   everything held about the person, as JSON
// npm run ops:personal-data -- erase <CPF/CNPJ>    the same export, then the erasure and its report
// A person's request under the LGPD (docs/privacy.md says what an operator does when one arrives).
// The JSON goes to stdout (redirect it to a file for the person); the summary to stderr. An erasure
// refused because a payment is still open exits 3 with the reason and erases nothing.
import "./lib/allow-server-only";
import * as z from "zod/mini";

const { cpfCnpjSchema } = await import("../lib/validation/fields");
const [command, document] = process.argv.slice(2);
const parsed = z.safeParse(cpfCnpjSchema, document ?? "");
if ((command !== "export" && command !== "erase") || !parsed.success) {
  console.error(
    "usage: npm run ops:personal-data -- export|erase <CPF or CNPJ, digits or formatted>",
  );
  if (document && !parsed.success)
    console.error(`[ops] ${parsed.error.issues[0]?.message ?? "invalid CPF/CNPJ"}`);
  process.exit(2);
}
const digits = parsed.data;

const { db } = await import("../lib/db/client");
const { AppError } = await import("../lib/errors/app-error");
try {
  if (command === "export") {
    const exported = await (await import("../lib/personal-data/person")).exportPerson(digits);
    console.log(JSON.stringify(exported, null, 2));
    console.error(
      `[ops] exported ${exported.lookups.length} lookup(s), ${exported.checkouts.length} checkout(s), ${exported.workspaceClients.length} workspace client(s)`,
    );
  } else {
    const { report, export: exported } = await (
      await import("../lib/personal-data/erase-person")
    ).erasePerson(digits);
    console.log(JSON.stringify({ export: exported, report }, null, 2));
    console.error(
      `[ops] erased ${JSON.stringify(report.erased)}; kept by the legal period: ${report.kept.length}`,
    );
  }
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(`[ops] ${error.code}: ${error.userMessage}`);
  process.exitCode = 3;
} finally {
  await db.$disconnect();
}
