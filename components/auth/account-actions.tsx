"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { FormButton } from "@/components/ui/form-button";
import { authClient } from "@/lib/browser/auth-client";

type Busy = null | "passkey" | "out" | "everywhere";

/** Add a passkey, sign out here, or end every session of the account (lost phone, shared PC). */
export function AccountActions({ passkeys }: { passkeys: number }) {
  const router = useRouter();
  const [busy, setBusy] = useState<Busy>(null);
  const [message, setMessage] = useState<{ tone: "success" | "danger"; text: string } | null>(null);

  async function addPasskey() {
    setBusy("passkey");
    setMessage(null);
    const result = await authClient.passkey
      .addPasskey({ name: "Chave de acesso" })
      .catch(() => ({ error: {} }));
    setBusy(null);
    if (result?.error)
      return setMessage({
        tone: "danger",
        text: "A chave de acesso não foi cadastrada. Tente de novo; o aparelho precisa ter bloqueio de tela.",
      });
    setMessage({
      tone: "success",
      text: "Chave de acesso cadastrada. Da próxima vez, entre com ela.",
    });
    router.refresh();
  }

  async function signOut(everywhere: boolean) {
    setBusy(everywhere ? "everywhere" : "out");
    if (everywhere) await authClient.revokeSessions().catch(() => undefined);
    await authClient.signOut().catch(() => undefined);
    router.push("/entrar");
    router.refresh();
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        {passkeys === 0
          ? "Nenhuma chave de acesso cadastrada."
          : `${passkeys} chave${passkeys === 1 ? "" : "s"} de acesso cadastrada${passkeys === 1 ? "" : "s"}.`}
      </p>
      <div className="flex flex-wrap gap-3">
        <FormButton
          variant="secondary"
          pending={busy === "passkey"}
          pendingLabel="Aguardando o aparelho…"
          onClick={addPasskey}
        >
          Cadastrar chave de acesso
        </FormButton>
        <FormButton variant="secondary" pending={busy === "out"} onClick={() => signOut(false)}>
          Sair
        </FormButton>
        <FormButton variant="danger" pending={busy === "everywhere"} onClick={() => signOut(true)}>
          Sair de todos os aparelhos
        </FormButton>
      </div>
      {message ? (
        <Alert tone={message.tone} live>
          {message.text}
        </Alert>
      ) : null}
    </div>
  );
}
