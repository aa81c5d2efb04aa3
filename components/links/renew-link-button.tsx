"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { errorMessage } from "@/lib/browser/fetch-json";
import { renewLink } from "@/lib/browser/mutations";
import { queryKeys } from "@/lib/browser/queries";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** A fresh link for an expired one (same debts and customer); upstream's refusal is shown in words. */
export function RenewLinkButton({ token }: { token: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const renew = useMutation({
    mutationFn: () => renewLink(token),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.links() });
      router.push(`/links/${created.token}`);
    },
  });
  return (
    <div className="flex w-full flex-col gap-3">
      <Button
        onClick={() => renew.mutate()}
        pending={renew.isPending || renew.isSuccess}
        pendingLabel="Gerando novo link…"
        className="self-start"
      >
        Gerar novo link
      </Button>
      {renew.isError ? (
        <Alert live tone="danger" title="Não foi possível gerar um novo link">
          {errorMessage(renew.error)}
        </Alert>
      ) : null}
    </div>
  );
}
