import type { LinkView } from "@/lib/browser/types";
import { delistingLinkMark } from "@/lib/rules/delisting-marks";
import { Badge } from "@/components/ui/badge";

/** A paid link's delisting check in the despachante's lists ("Meus links", the workspace). */
export function DelistingMark({ state }: { state: LinkView["delisting"] }) {
  const mark = delistingLinkMark(state);
  return mark ? <Badge tone={mark.tone}>{mark.text}</Badge> : null;
}
