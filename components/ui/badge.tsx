import { cx } from "./cx";

export type BadgeTone = "danger" | "success" | "brand" | "neutral" | "warning";

const TONES: Record<BadgeTone, string> = {
  danger: "bg-red-50 text-red-800 ring-red-200",
  success: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  brand: "bg-brand-50 text-brand-800 ring-brand-100",
  neutral: "bg-slate-100 text-slate-800 ring-slate-200",
  warning: "bg-amber-50 text-amber-900 ring-amber-200",
};

export function Badge({
  tone = "neutral",
  children,
  className,
}: {
  tone?: BadgeTone;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cx(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

// The debt facts the design names, always with the same words and colours.
export const ExpiredBadge = () => <Badge tone="danger">Vencido</Badge>;
export const DiscountBadge = () => <Badge tone="success">Com desconto</Badge>;
export const RequiredBadge = () => <Badge tone="brand">Obrigatório para licenciar</Badge>;
export const CotaUnicaBadge = () => <Badge tone="neutral">Cota única</Badge>;
export const PaidBadge = () => <Badge tone="success">Pago</Badge>;
export const InPaymentBadge = () => <Badge tone="warning">Em pagamento</Badge>;
export const UnavailableBadge = () => <Badge tone="neutral">Indisponível</Badge>;
