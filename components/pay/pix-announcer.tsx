"use client";

import { useNow } from "@/components/hooks/use-now";
import { countdownAnnouncement } from "@/lib/rules/pix-renewal";
import { secondsLeft } from "./countdown";

type Props = { expiresAt?: string; renewing: boolean; renewedOnce: boolean };

/**
 * The one polite live region of the PIX step. Its text changes only at moments worth hearing
 * (5 min left, 1 min left, renewing, new code), never with the seconds of the visible countdown.
 * Always in the DOM, so a change is announced.
 */
export function PixAnnouncer({ expiresAt, renewing, renewedOnce }: Props) {
  const now = useNow(1000);
  const band = expiresAt && now ? countdownAnnouncement(secondsLeft(expiresAt, now)) : null;
  const text = renewing
    ? "O código PIX expirou sem pagamento. Gerando um novo código…"
    : (band ?? (renewedOnce ? "Novo código PIX gerado. O código anterior não vale mais." : ""));
  return (
    <p aria-live="polite" role="status" className="sr-only">
      {text}
    </p>
  );
}
