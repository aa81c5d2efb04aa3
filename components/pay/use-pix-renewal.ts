"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ApiError, type ApiErrorCode } from "@/lib/browser/fetch-json";
import { renewPix } from "@/lib/browser/mutations";
import { queryKeys } from "@/lib/browser/queries";
import type { PaymentView } from "@/lib/browser/types";
import { MAX_AUTOMATIC_RENEWALS } from "@/lib/rules/pix-renewal";

// Replaces an expired PIX code by itself while the page is open (POST .../pix/renew). The server
// makes one renewal per code, so two tabs or a double trigger get the same new code. "Not yet"
// answers (the old code is still being closed upstream) are retried after the server's hint.

const NOT_YET = new Set<ApiErrorCode>(["PIX_STILL_OPEN", "PIX_STILL_VALID"]);

export function usePixRenewal(
  payment: PaymentView | null,
  expired: boolean,
  onRenewed: (p: PaymentView) => void,
) {
  const queryClient = useQueryClient();
  const [automatic, setAutomatic] = useState(0);
  const [renewedAt, setRenewedAt] = useState<number | null>(null);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const renew = useMutation({
    mutationFn: (ref: string) => renewPix(ref),
    onSuccess: (next) => {
      queryClient.setQueryData(queryKeys.payment(next.ref), next);
      if (next.ref !== payment?.ref) setRenewedAt(Date.now());
      onRenewed(next);
    },
  });
  // Another tab renewed it first: follow (the server answers that renewal, it makes no other).
  const due = Boolean(payment && (payment.renewedTo || (expired && payment.status !== "paid")));
  const notYet = renew.error instanceof ApiError && NOT_YET.has(renew.error.code);
  const waiting = Boolean(
    due && (renew.isPending || notYet || (!renew.isError && automatic < MAX_AUTOMATIC_RENEWALS)),
  );

  useEffect(() => {
    if (!payment || !due || renew.isPending || automatic >= MAX_AUTOMATIC_RENEWALS) return;
    if (renew.isError && !notYet) return;
    const ref = payment.ref;
    const delay = notYet
      ? Math.min(3, Math.max(1, (renew.error as ApiError).retryAfterSeconds ?? 2)) * 1000
      : 0;
    retryTimer.current = setTimeout(() => {
      if (!notYet) setAutomatic((n) => n + 1);
      renew.mutate(ref);
    }, delay);
    return () => {
      if (retryTimer.current) clearTimeout(retryTimer.current);
    };
    // renew itself changes identity every render; its state fields are the dependencies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [payment?.ref, due, renew.isPending, renew.isError, notYet, automatic]);

  return {
    /** The old code is gone from the screen and a new one is on its way. */
    renewing: waiting,
    /** When the current code replaced an expired one (ms), for the announcement. */
    renewedAt,
    error: renew.isError && !notYet ? renew.error : null,
    /** The one button at zero, when renewing by itself stopped (error or too many in a row). */
    renewNow: () => {
      if (!payment || renew.isPending) return;
      setAutomatic(0);
      renew.reset();
    },
  };
}
