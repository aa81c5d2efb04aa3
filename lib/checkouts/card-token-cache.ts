import "server-only";

// What we keep of a tokenized card until it is used: brand and last four (shown on the status
// page and the receipt) and the checkout it was made for. Never the number or the CVV. In memory
// (tokens are short-lived and single-use upstream); a payment that lands on another instance just
// shows no brand/last four.

type Entry = { brand: string; lastFour: string; checkoutId: string; expiresAt: number };

const MAX_ENTRIES = 10_000;
const entries = new Map<string, Entry>();

export function rememberCardToken(token: string, entry: Entry): void {
  if (entries.size >= MAX_ENTRIES) {
    const now = Date.now();
    for (const [key, value] of entries) if (value.expiresAt <= now) entries.delete(key);
    // Still full: drop the oldest (Map keeps insertion order).
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  }
  entries.set(token, entry);
}

export function recallCardToken(token: string): Entry | undefined {
  const entry = entries.get(token);
  if (entry && entry.expiresAt <= Date.now()) {
    entries.delete(token);
    return undefined;
  }
  return entry;
}
