"use client";

import { isSpMaintenanceWindow, spMaintenanceNotice } from "@/lib/rules/sp-maintenance";
import { Alert } from "@/components/ui/alert";
import { useNow } from "@/components/hooks/use-now";

/** Warns before submitting, from the browser's clock, that Detran-SP is down 00h-07h. */
export function SpMaintenanceNotice({ uf }: { uf: string }) {
  const now = useNow();
  if (!now || !isSpMaintenanceWindow(uf, now)) return null;
  return (
    <Alert live tone="warning" title="Detran-SP em manutenção agora">
      {spMaintenanceNotice(now)}
    </Alert>
  );
}
