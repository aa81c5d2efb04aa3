// Keys whose values never reach a log line, at any of the first few nesting levels. Redaction is
// the second line of defence: the first is that we never log request or response bodies.
import { REDACTED_KEYS } from "../rules/sensitive-keys";

const DEPTH = 4;

/** pino redact paths for every key at depth 0..DEPTH-1 (pino's `*` matches one level). */
export function redactPaths(): string[] {
  const paths: string[] = [];
  for (const key of REDACTED_KEYS) {
    const bracket = !/^[A-Za-z_$][\w$]*$/.test(key);
    for (let depth = 0; depth < DEPTH; depth++) {
      const stars = Array.from({ length: depth }, () => "*").join(".");
      if (!bracket) paths.push(stars ? `${stars}.${key}` : key);
      else paths.push(`${stars}["${key}"]`);
    }
  }
  return [...new Set(paths)];
}
