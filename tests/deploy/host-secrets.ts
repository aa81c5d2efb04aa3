// This machine's generated secrets: ./data's webhook secret and data keys, which npm start makes
// on its first run with a test key (lib/env/load.ts). Made here the same way when missing (a fresh
// clone that never started), so the scans that look for them in a build output or an image always
// have something to find.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  DATA_ENCRYPTION_KEY_FILE,
  DATA_INDEX_KEY_FILE,
  WEBHOOK_SECRET_FILE,
} from "../../lib/env/load";

function kept(file: string, make: () => string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, make(), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readFileSync(file, "utf8").trim();
}

export function hostSecrets(): { webhookSecret: string; dataKey: string; indexKey: string } {
  const b64 = () => randomBytes(32).toString("base64");
  return {
    webhookSecret: kept(WEBHOOK_SECRET_FILE, () => randomBytes(32).toString("base64url")),
    dataKey: kept(DATA_ENCRYPTION_KEY_FILE, () => `dev1:${b64()}`),
    indexKey: kept(DATA_INDEX_KEY_FILE, b64),
  };
}
