"use client";

import { useEffect } from "react";
import { useNow } from "@/components/hooks/use-now";

export function secondsLeft(expiresAt: string, now: Date): number {
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now.getTime()) / 1000));
}

function mmss(total: number): string {
  const m = Math.floor(total / 60);
  const s = total % 60;
  return m >= 60
    ? `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, "0")}min`
    : `${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

/** "Expira em 04:59"; calls onExpire once when it reaches zero. */
export function Countdown({
  expiresAt,
  onExpire,
  label = "O código expira em",
}: {
  expiresAt: string;
  onExpire?: () => void;
  label?: string;
}) {
  const now = useNow(1000);
  const left = now ? secondsLeft(expiresAt, now) : null;
  useEffect(() => {
    if (left === 0) onExpire?.();
  }, [left, onExpire]);
  if (left === null) return null;
  // Read aloud only by request (role=timer is not live), so a screen reader is not flooded every second.
  return (
    <p className="text-sm text-slate-700">
      {label}{" "}
      <span role="timer" className="font-semibold tabular-nums text-slate-900">
        {mmss(left)}
      </span>
    </p>
  );
}
