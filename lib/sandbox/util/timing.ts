// Deterministic simulated latencies and abortable waits.

/** FNV-1a: a stable per-string number, so a plate always gets the same simulated latency. */
export function stableHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * Spec: enrichment takes about 1-5 s depending on the authority, faster with `uf` (the request
 * goes straight to that state's authority). With uf: 1-3 s; without: 3-5 s.
 */
export function enrichmentLatencyMs(plate: string, withUf: boolean, scale: number): number {
  const base = 1000 + (stableHash(plate) % 2001) + (withUf ? 0 : 2000);
  return base * scale;
}

/** Delay between the lookup acknowledgment and its webhook: 300-1500 ms per plate. */
export function lookupLatencyMs(plate: string, scale: number): number {
  return (300 + (stableHash(`lookup:${plate}`) % 1201)) * scale;
}

/** Resolves after ms, or early (without throwing) when any signal aborts. */
export function wait(ms: number, ...signals: AbortSignal[]): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const signal = AbortSignal.any(signals);
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
