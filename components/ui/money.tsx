import { formatBRL } from "@/lib/rules/money";
import { cx } from "./cx";

/** R$ 1.234,56 with tabular digits; the column or row around it right-aligns it. */
export function Money({ cents, className }: { cents: number; className?: string }) {
  return (
    <span className={cx("whitespace-nowrap tabular-nums", className)}>{formatBRL(cents)}</span>
  );
}
