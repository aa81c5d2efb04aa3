import { amountWindow } from "@/lib/rules/discount-window";
import { formatDateBR } from "@/lib/rules/money";
import type { DebtView } from "@/lib/browser/types";
import {
  CotaUnicaBadge,
  DiscountBadge,
  ExpiredBadge,
  InPaymentBadge,
  PaidBadge,
  RequiredBadge,
  UnavailableBadge,
} from "@/components/ui/badge";
import { cx } from "@/components/ui/cx";
import { Money } from "@/components/ui/money";
import { isCotaUnica } from "./debt-groups";

type DebtItemProps = {
  debt: DebtView;
  checked: boolean;
  /** Sentences saying why it cannot be chosen now; shown on the item, not in a tooltip. */
  blockedReasons: string[];
  /** Sentences about what this choice just brought along or took away. */
  notice: string[];
  /** Briefly highlighted because another choice brought it along. */
  flash: boolean;
  onToggle: (id: string, checked: boolean) => void;
  /** The browser's clock (null until mounted): warns when a discount is about to end or has ended. */
  now: Date | null;
};

/** One debt: the checkbox label is its title and amount, so a screen reader list is usable. */
export function DebtItem({
  debt,
  checked,
  blockedReasons,
  notice,
  flash,
  onToggle,
  now,
}: DebtItemProps) {
  const id = `debt-${debt.id}`;
  const blocked = blockedReasons.length > 0;
  const due = debt.dueDate ? formatDateBR(debt.dueDate) : null;
  const amountNote = amountWindow(debt, now);
  return (
    <li
      className={cx(
        "rounded-xl border p-3 transition-colors sm:p-4",
        checked ? "border-brand-600 bg-brand-50" : "border-slate-200 bg-white",
        blocked && "bg-slate-50",
        flash && "animate-[debt-flash_1.2s_ease-out] motion-reduce:animate-none",
      )}
    >
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-brand-600"
          checked={checked}
          disabled={blocked}
          aria-describedby={`${id}-details${blocked ? ` ${id}-blocked` : ""}`}
          onChange={(event) => onToggle(debt.id, event.target.checked)}
        />
        <label
          htmlFor={id}
          className={cx(
            "flex min-h-11 flex-1 cursor-pointer justify-between gap-3",
            blocked && "cursor-not-allowed",
          )}
        >
          <span className="font-semibold text-slate-900">{debt.title}</span>
          <Money cents={debt.amountCents} className="font-semibold text-slate-900" />
        </label>
      </div>
      <div id={`${id}-details`} className="ml-8 flex flex-col gap-1.5 text-sm text-slate-700">
        <div className="flex flex-wrap gap-1.5">
          {debt.isExpired ? <ExpiredBadge /> : null}
          {debt.hasDiscount ? <DiscountBadge /> : null}
          {debt.required ? <RequiredBadge /> : null}
          {isCotaUnica(debt) ? <CotaUnicaBadge /> : null}
        </div>
        <p>
          {due ? <>Vencimento {due}</> : null}
          {due && debt.ait ? " · " : null}
          {debt.ait ? <>AIT {debt.ait}</> : null}
        </p>
        {amountNote ? (
          <p
            className={
              amountNote.tone === "warning"
                ? "rounded-lg bg-amber-50 p-2 font-medium text-amber-950"
                : undefined
            }
          >
            {amountNote.text}
          </p>
        ) : null}
        {debt.description && debt.description !== debt.title ? (
          <p className="text-slate-600">{debt.description}</p>
        ) : null}
      </div>
      {blocked ? (
        <p
          id={`${id}-blocked`}
          className="ml-8 mt-2 rounded-lg bg-amber-50 p-2 text-sm font-medium text-amber-950"
        >
          {blockedReasons.join(" ")}
        </p>
      ) : null}
      {notice.length > 0 ? (
        <p className="ml-8 mt-2 rounded-lg bg-white p-2 text-sm text-brand-800 ring-1 ring-brand-100">
          {notice.join(" ")}
        </p>
      ) : null}
    </li>
  );
}

const STATE_BADGE = {
  paid: PaidBadge,
  in_payment: InPaymentBadge,
  blocked: UnavailableBadge,
} as const;

/**
 * A debt paid, in payment or ruled out since the lookup: shown with why, never offered. No
 * checkbox, so neither a click nor a preset can put it in a checkout.
 */
export function UnavailableDebtItem({
  debt,
  availability,
}: {
  debt: DebtView;
  availability: NonNullable<DebtView["availability"]>;
}) {
  const StateBadge = STATE_BADGE[availability.state];
  return (
    <li
      className="rounded-xl border border-slate-200 bg-slate-50 p-3 sm:p-4"
      data-availability={availability.state}
    >
      <div className="flex min-h-11 items-start justify-between gap-3">
        <span className="flex flex-col gap-1.5">
          <span className="font-semibold text-slate-800">{debt.title}</span>
          <span className="flex flex-wrap gap-1.5">
            <StateBadge />
            {isCotaUnica(debt) ? <CotaUnicaBadge /> : null}
          </span>
        </span>
        <Money cents={debt.amountCents} className="font-semibold text-slate-700" />
      </div>
      <p className="mt-2 text-sm text-slate-700">{availability.reason}</p>
    </li>
  );
}
