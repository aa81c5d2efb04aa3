// No "server-only" here: lib/db/create-client.ts seals through this module, and scripts and the
// e2e specs (plain Node) build database clients with it. lib/privacy/index.ts is the app's door.
import { loadEnv } from "@/lib/env/load";
import { parseDataKey, parseIndexKey } from "@/lib/env/schema";
import { buildKeyring, type DataKey, type Keyring } from "./cipher";

// The process's keyring, built from lib/env (validated there) and rebuilt only when the
// configuration changes (a test's overrideEnvForTests, a rotation test), so a hot path pays a
// string comparison, not a key derivation.

let built: { source: string; ring: Keyring } | undefined;

const dataKey = (text: string): DataKey => parseDataKey(text)!;

export function keyring(): Keyring {
  const k = loadEnv().dataKeys;
  const source = `${k.current}|${k.previous.join(",")}|${k.index}`;
  if (built?.source !== source) {
    built = {
      source,
      ring: buildKeyring(dataKey(k.current!), k.previous.map(dataKey), parseIndexKey(k.index!)!),
    };
  }
  return built.ring;
}
