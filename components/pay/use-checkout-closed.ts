"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { ApiError, type ApiErrorCode } from "@/lib/browser/fetch-json";
import { queryKeys } from "@/lib/browser/queries";

const CLOSED = new Set<ApiErrorCode>([
  "CHECKOUT_EXPIRED",
  "CHECKOUT_ALREADY_PAID",
  "DEBT_ALREADY_PAID",
  "DEBT_IN_PAYMENT",
]);

/**
 * A payment refused because the checkout expired (upstream may say so before the expiresAt we
 * hold), was paid elsewhere, or holds a debt paid or in payment through another checkout: reload the checkout, so the page draws that state and drops the form.
 */
export function useRefreshOnClosed(token: string): (error: unknown) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && CLOSED.has(error.code))
        void queryClient.invalidateQueries({ queryKey: queryKeys.checkout(token) });
    },
    [queryClient, token],
  );
}
