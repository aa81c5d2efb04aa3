import { Suspense, type ReactNode } from "react";

/**
 * Wraps a form so React hydrates it in a commit of its own. A form's hydration (its fields
 * registering, its watchers subscribing, the installments request starting) was the longest React
 * task of a load on home and pay while it shared the page's commit (several times longer on a
 * slow phone). A Suspense boundary is hydrated in its own commit. Nothing inside suspends, so the
 * fallback never shows: the form is still in the server's HTML.
 *
 * The contract this brings: the rest of the page runs first, so data it fetched (React Query's
 * cache is shared) may be there when the form hydrates. What the form draws from such data waits
 * for useHydrated, or the form would not match its HTML (see useInstallmentOptions).
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
