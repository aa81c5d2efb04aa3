"use client";

import { Alert } from "@/components/ui/alert";
import { CopyButton } from "@/components/ui/copy-button";

/** A new endpoint's signing secret: shown this once, with a copy button. */
export function EndpointSecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <Alert tone="success" title="Endereço cadastrado: guarde o segredo agora">
      <p className="text-sm">
        Use este segredo para conferir a assinatura de cada evento (cabeçalho
        <code className="mx-1">webhook-signature</code>). Ele não será mostrado de novo.
      </p>
      <label htmlFor="webhook-secret" className="mt-3 block text-sm font-semibold">
        Segredo de assinatura
      </label>
      <input
        id="webhook-secret"
        readOnly
        value={secret}
        className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm"
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start">
        <CopyButton text={secret} inputId="webhook-secret" label="Copiar o segredo" />
        <button
          type="button"
          onClick={onDone}
          className="min-h-11 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          Já guardei o segredo
        </button>
      </div>
    </Alert>
  );
}
