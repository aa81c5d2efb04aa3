"use client";

import { checkedAtText, oldLookupNotice } from "@/lib/rules/lookup-coverage";
import { Alert } from "@/components/ui/alert";
import { useNow } from "@/components/hooks/use-now";
import { RetryLookupButton } from "./retry-lookup-button";

type Props = { lookupId: string; checkedAt: string | undefined; maxAgeMs: number };

/**
 * When the authority answered, and past maxAgeMs a warning with a fresh lookup. The age is read on
 * the browser's clock (useNow), so a page left open for a day turns old by itself.
 */
export function LookupAge({ lookupId, checkedAt, maxAgeMs }: Props) {
  const now = useNow(60_000);
  const notice = checkedAt && now ? oldLookupNotice(checkedAt, now, maxAgeMs) : null;
  const checked = checkedAtText(checkedAt);
  return (
    <div className="flex flex-col gap-3">
      {checked ? <p className="text-sm text-slate-700">{checked}</p> : null}
      {notice ? (
        <Alert tone="warning" title={notice.title}>
          <p>{notice.body}</p>
          <div className="mt-3">
            <RetryLookupButton lookupId={lookupId} label="Consultar de novo agora" />
          </div>
        </Alert>
      ) : null}
    </div>
  );
}
