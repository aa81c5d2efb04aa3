import { reaisToCents } from "./money";

// Reads a PIX copy-and-paste code (EMV MPM "BR Code"): the page shows the same beneficiary and
// amount the payer's bank app will show, and the server learns the PIX total from it (the
// upstream's PIX answer carries no amount).

function fields(payload: string): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i + 4 <= payload.length;) {
    const id = payload.slice(i, i + 2);
    const len = Number(payload.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(payload.slice(i + 2, i + 4)) || i + 4 + len > payload.length) break;
    out.set(id, payload.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return out;
}

export function pixBeneficiary(code: string): { name: string; city: string } | null {
  const f = fields(code);
  const name = f.get("59");
  return name ? { name, city: f.get("60") ?? "" } : null;
}

/** The amount of field 54 in cents, or null when the code has none (an open-amount code). */
export function pixAmountCents(code: string): number | null {
  const amount = fields(code).get("54");
  if (!amount || !/^\d+(\.\d{1,2})?$/.test(amount)) return null;
  return reaisToCents(Number(amount));
}
