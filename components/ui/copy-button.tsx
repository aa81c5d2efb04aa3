"use client";

import { useState } from "react";
import { Button } from "./button";

type Props = { text: string; inputId: string; label: string; variant?: "primary" | "secondary" };

/**
 * Copies `text` (a PIX code, a share link); "Copiado!" lives in an aria-live region so screen
 * readers hear it too. `inputId` names the field showing the same text, the fallback's source.
 */
export function CopyButton({ text, inputId, label, variant = "primary" }: Props) {
  const [feedback, setFeedback] = useState("");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setFeedback("Copiado!");
    } catch {
      // Clipboard API refused (permissions, http): select the field and use the legacy command.
      const input = document.getElementById(inputId) as HTMLInputElement | null;
      input?.select();
      const ok = input ? document.execCommand("copy") : false;
      setFeedback(ok ? "Copiado!" : "Não foi possível copiar. Selecione o texto acima e copie.");
    }
    window.setTimeout(() => setFeedback(""), 4000);
  };
  return (
    <div className="flex flex-col gap-1">
      <Button onClick={copy} variant={variant} className="w-full">
        {label}
      </Button>
      <p aria-live="polite" className="min-h-5 text-center text-sm font-semibold text-emerald-800">
        {feedback}
      </p>
    </div>
  );
}
