"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/lib/browser/fetch-json";
import { adoptBrowserLinks, adoptableQuery } from "@/lib/browser/workspace-links";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** Links made in this browser before signing in, offered once there are any; gone after the move. */
export function AdoptBanner() {
  const queryClient = useQueryClient();
  const count = useQuery(adoptableQuery());
  const adopt = useMutation({
    mutationFn: adoptBrowserLinks,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["workspace"] }),
  });
  if (adopt.isSuccess) {
    return (
      <Alert live tone="success" title="Links movidos para sua conta">
        {adopt.data.adopted === 1
          ? "1 link agora aparece em Links, em qualquer computador."
          : `${adopt.data.adopted} links agora aparecem em Links, em qualquer computador.`}
      </Alert>
    );
  }
  const n = count.data?.adoptable ?? 0;
  if (n === 0) return null;
  return (
    <Alert
      tone="info"
      title={n === 1 ? "1 link criado neste navegador" : `${n} links criados neste navegador`}
    >
      <p>
        Eles estão guardados só neste navegador. Mova-os para sua conta para acompanhá-los em
        qualquer computador.
      </p>
      <Button
        className="mt-3"
        onClick={() => adopt.mutate()}
        pending={adopt.isPending}
        pendingLabel="Movendo…"
      >
        Mover para sua conta
      </Button>
      {adopt.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {errorMessage(adopt.error)}
        </p>
      ) : null}
    </Alert>
  );
}
