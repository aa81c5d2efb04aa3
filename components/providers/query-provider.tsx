"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";

// Global defaults in one place. Polling queries set their own refetchInterval (lib/browser/queries).
function makeClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 0,
        // Money pages must not flash stale data on tab focus; they poll where it matters.
        refetchOnWindowFocus: false,
        retry: 2,
      },
      // A retried POST could pay twice: mutations never retry on their own.
      mutations: { retry: false },
    },
  });
}

export function QueryProvider({ children }: { children: React.ReactNode }) {
  // One client per browser tab; useState keeps it across re-renders.
  const [client] = useState(makeClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
