"use client";

import { useMutation } from "@tanstack/react-query";
import { errorMessage } from "@/lib/browser/fetch-json";
import { sendWorkspaceLink } from "@/lib/browser/workspace-links";
import { Button } from "@/components/ui/button";

/** "Enviar por e-mail": the outbox sends it once per link and address; a second click says so. */
export function SendLinkButton({ token }: { token: string }) {
  const send = useMutation({ mutationFn: () => sendWorkspaceLink(token) });
  return (
    <div className="flex flex-col gap-1">
      <Button
        variant="secondary"
        className="w-full"
        onClick={() => send.mutate()}
        pending={send.isPending}
        pendingLabel="Enviando…"
        disabled={send.isSuccess}
      >
        Enviar por e-mail ao cliente
      </Button>
      <p
        aria-live="polite"
        className={send.isError ? "text-sm text-red-800" : "text-sm text-slate-700"}
      >
        {send.isError
          ? errorMessage(send.error)
          : send.data
            ? send.data.queued
              ? `E-mail enviado para ${send.data.to}.`
              : `Este link já foi enviado para ${send.data.to}.`
            : ""}
      </p>
    </div>
  );
}
