// npm run ops:rotate-data-key – re-encrypts every personal value under DATA_ENCRYPTION_KEY.
// Rotation: set the new key as DATA_ENCRYPTION_KEY and move the old one to
// DATA_ENCRYPTION_PREVIOUS_KEYS on every instance (restart them), then run this. Instances keep
// serving meanwhile: every value opens with one of the two keys whatever the moment, and an
// interrupted run is simply run again. When it reports nothing left, drop the old key.
import { EnvError } from "../lib/env/schema";
import { loadEnv } from "../lib/env/load";
import { plainPrismaClient } from "../lib/db/create-client";
import { checkDataKeys, resealAll, staleValues } from "../lib/db/reseal";

const MAX_PASSES = 5;

try {
  const env = loadEnv();
  const db = plainPrismaClient(env.databaseUrl);
  try {
    const problem = await checkDataKeys(db);
    if (problem) throw new EnvError([problem]);
    const current = env.dataKeys.current.split(":")[0];
    console.error(`[rotate] sealing every personal value under key id "${current}"`);
    // A row a request wrote during a pass is already under the current key; a second pass only
    // catches values the conditional update skipped because they changed while being read.
    let finished = false;
    for (let pass = 1; pass <= MAX_PASSES && !finished; pass++) {
      const counts = await resealAll(db, (model, rows) =>
        process.stderr.write(`\r[rotate] pass ${pass}: ${model} ${rows} rows`),
      );
      process.stderr.write("\n");
      for (const [model, c] of Object.entries(counts))
        if (c.values > 0) console.log(JSON.stringify({ pass, table: model, ...c }));
      const left = Object.entries(await staleValues(db)).filter(([, n]) => n > 0);
      if (left.length === 0) {
        console.error(
          `[rotate] done: every value is sealed under "${current}"; DATA_ENCRYPTION_PREVIOUS_KEYS may now be emptied on every instance`,
        );
        finished = true;
      } else
        console.error(
          `[rotate] still under other keys: ${left.map(([m, n]) => `${m} ${n}`).join(", ")}`,
        );
    }
    if (!finished) {
      console.error(
        "[rotate] values keep changing under an old key: is an instance still running without the new DATA_ENCRYPTION_KEY?",
      );
      process.exitCode = 1;
    }
  } finally {
    await db.$disconnect();
  }
} catch (error) {
  if (error instanceof EnvError) {
    console.error(`[rotate] ${error.message}`);
    process.exit(1);
  }
  throw error;
}
