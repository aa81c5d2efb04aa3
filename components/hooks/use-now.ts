"use client";

import { useEffect, useState } from "react";

/**
 * The browser's current time, refreshed every `everyMs`. Null until mounted: time-dependent text
 * (maintenance notice, countdowns) is drawn only in the browser, so the server's clock never
 * causes a hydration mismatch and Playwright's page.clock controls it.
 */
export function useNow(everyMs = 30_000): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    const tick = () => setNow(new Date());
    tick();
    const id = setInterval(tick, everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
