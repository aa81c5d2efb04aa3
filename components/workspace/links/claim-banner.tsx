"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/lib/browser/fetch-json";
import { claimBrowserLinks, claimQuery } from "@/lib/browser/workspace-links";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** Links made in this browser before signing in, offered once there are any; gone after the move. */
export function ClaimBanner() {
  const client = useQueryClient();
  const count = useQuery(claimQuery());
  const claim = useMutation({
    mutationFn: claimBrowserLinks,
    onSuccess: () => client.invalidateQueries({ queryKey: ["workspace"] }),
  });
  if (claim.isSuccess) {
    return (
      <Alert live tone="success" title="Links movidos para sua conta">
        {claim.data.claimed === 1 ? "1 link agora aparece em Links, em qualquer computador." : `${claim.data.claimed} links agora aparecem em Links, em qualquer computador.`}
      </Alert>
    );
  }
  const n = count.data?.claimable ?? 0;
  if (n === 0) return null;
  return (
    <Alert tone="info" title={n === 1 ? "1 link criado neste navegador" : `${n} links criados neste navegador`}>
      <p>Eles estão guardados só neste navegador. Mova-os para sua conta para acompanhá-los em qualquer computador.</p>
      <Button className="mt-3" onClick={() => claim.mutate()} pending={claim.isPending} pendingLabel="Movendo…">
        Mover para sua conta
      </Button>
      {claim.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {errorMessage(claim.error)}
        </p>
      ) : null}
    </Alert>
  );
}
