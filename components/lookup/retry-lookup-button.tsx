"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { errorMessage } from "@/lib/browser/fetch-json";
import { retryLookup } from "@/lib/browser/mutations";
import { Button } from "@/components/ui/button";

/** Starts a new lookup with the same vehicle data and moves to its page. */
export function RetryLookupButton({
  lookupId,
  label = "Tentar de novo",
}: {
  lookupId: string;
  label?: string;
}) {
  const router = useRouter();
  const retry = useMutation({
    mutationFn: () => retryLookup(lookupId),
    onSuccess: ({ lookupId: next }) => router.push(`/consulta/${next}`),
  });
  return (
    <div className="flex flex-col gap-2">
      <Button
        onClick={() => retry.mutate()}
        pending={retry.isPending || retry.isSuccess}
        pendingLabel="Consultando de novo…"
        className="self-start"
      >
        {label}
      </Button>
      {retry.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errorMessage(retry.error)}
        </p>
      ) : null}
    </div>
  );
}
