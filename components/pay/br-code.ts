// Reads the receiver's name out of a PIX copy-and-paste code (EMV field 59), so the page shows
// the same beneficiary the payer's bank app will show.

function fields(payload: string): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i + 4 <= payload.length; ) {
    const id = payload.slice(i, i + 2);
    const len = Number(payload.slice(i + 2, i + 4));
    if (!Number.isInteger(len)) break;
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
