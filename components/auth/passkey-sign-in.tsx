"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { FormButton } from "@/components/ui/form-button";
import { authClient } from "@/lib/browser/auth-client";

/** The second way in: a passkey registered earlier from the workspace. */
export function PasskeySignIn({ back }: { back: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signIn() {
    setPending(true);
    setError(null);
    const result = await authClient.signIn.passkey().catch(() => ({ error: { message: "" } }));
    setPending(false);
    if (result?.error)
      return setError(
        "Não foi possível entrar com a chave de acesso. Use o link por e-mail ou tente de novo.",
      );
    router.push(back);
    router.refresh();
  }

  return (
    <div className="border-t border-slate-200 pt-5">
      <p className="text-sm text-slate-700">
        Já cadastrou uma chave de acesso (digital, rosto ou PIN do aparelho)?
      </p>
      <FormButton
        variant="secondary"
        className="mt-3 w-full sm:w-auto"
        pending={pending}
        pendingLabel="Aguardando o aparelho…"
        onClick={signIn}
      >
        Entrar com chave de acesso
      </FormButton>
      {error ? (
        <Alert tone="danger" className="mt-3" live>
          {error}
        </Alert>
      ) : null}
    </div>
  );
}
