// The data step beside the SQL migrations: personal values stored before encryption (or under a
// key that is no longer current) are sealed in place (lib/db/reseal.ts). Idempotent and
// resumable: run again, it does only what is left.
import { plainPrismaClient } from "../../lib/db/create-client";
import {
  checkDataKeys,
  rekeyLegacyMailKeys,
  resealAll,
  type ResealCounts,
} from "../../lib/db/reseal";

/** The migration that added encryption: a database migrated across it has plain rows to seal. */
export const ENCRYPTION_MIGRATION = /_privacy_index_columns$/;

export async function sealStoredData(
  databaseUrl: string,
  log: (line: string) => void,
): Promise<ResealCounts> {
  const db = plainPrismaClient(databaseUrl);
  try {
    const problem = await checkDataKeys(db);
    if (problem) throw new DataKeyError(problem);
    const counts = await resealAll(db);
    const rekeyed = await rekeyLegacyMailKeys(db);
    if (rekeyed > 0)
      log(`outbox keys naming a recipient in clear: ${rekeyed} rewritten with the keyed hash`);
    const changed = Object.entries(counts).filter(([, c]) => c.values > 0);
    log(
      changed.length === 0
        ? "personal data: every value already sealed under the current key"
        : `personal data sealed: ${changed.map(([m, c]) => `${m} ${c.values} values in ${c.rows} rows`).join(", ")}`,
    );
    return counts;
  } finally {
    await db.$disconnect();
  }
}

/** The keys in the environment do not open what is stored. */
export class DataKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DataKeyError";
  }
}

/** Start-up: refuses to serve with keys that cannot open the stored data. */
export async function assertDataKeys(databaseUrl: string): Promise<void> {
  const db = plainPrismaClient(databaseUrl);
  try {
    const problem = await checkDataKeys(db);
    if (problem) throw new DataKeyError(problem);
  } finally {
    await db.$disconnect();
  }
}
