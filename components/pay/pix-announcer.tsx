"use client";

import { useNow } from "@/components/hooks/use-now";
import { countdownAnnouncement } from "@/lib/rules/pix-renewal";
import { secondsLeft } from "./countdown";

type Props = { expiresAt?: string; renewing: boolean; renewedAt: number | null };

/** How long "Novo código gerado" stays, even inside the last minute of a short-lived code. */
const NEW_CODE_MS = 10_000;

/**
 * The one polite live region of the PIX step. Its text changes only at moments worth hearing
 * (5 min left, 1 min left, renewing, new code), never with the seconds of the visible countdown.
 * Always in the DOM, so a change is announced.
 */
export function PixAnnouncer({ expiresAt, renewing, renewedAt }: Props) {
  const now = useNow(1000);
  const band = expiresAt && now ? countdownAnnouncement(secondsLeft(expiresAt, now)) : null;
  const fresh = renewedAt !== null && now !== null && now.getTime() - renewedAt < NEW_CODE_MS;
  const text = renewing
    ? "O código PIX expirou sem pagamento. Gerando um novo código…"
    : fresh
      ? "Novo código PIX gerado. O código anterior não vale mais."
      : (band ?? "");
  return (
    <p aria-live="polite" role="status" className="sr-only">
      {text}
    </p>
  );
}
