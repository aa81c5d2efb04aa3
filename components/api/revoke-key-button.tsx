"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage, fetchJson } from "@/lib/browser/fetch-json";

/** Revokes one key after a confirmation: programs using it are refused from the next request. */
export function RevokeKeyButton({ keyId, name }: { keyId: string; name: string }) {
  const router = useRouter();
  const [state, setState] = useState<{ pending: boolean; error?: string }>({ pending: false });
  async function revoke() {
    if (
      !window.confirm(
        `Revogar a chave “${name}”? Os sistemas que a usam deixam de funcionar na hora.`,
      )
    )
      return;
    setState({ pending: true });
    try {
      await fetchJson(`/api/workspace/api-keys/${encodeURIComponent(keyId)}`, { method: "DELETE" });
      setState({ pending: false });
      router.refresh();
    } catch (error) {
      setState({ pending: false, error: errorMessage(error) });
    }
  }
  return (
    <div className="flex flex-col gap-1">
      <Button
        variant="secondary"
        onClick={revoke}
        pending={state.pending}
        pendingLabel="Revogando…"
      >
        Revogar <span className="sr-only">a chave {name}</span>
      </Button>
      {state.error ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}
