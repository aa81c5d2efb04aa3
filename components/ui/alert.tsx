import { cx } from "./cx";

type Tone = "info" | "success" | "warning" | "danger";

const TONES: Record<Tone, string> = {
  info: "border-brand-100 bg-brand-50 text-brand-800",
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  warning: "border-amber-300 bg-amber-50 text-amber-950",
  danger: "border-red-200 bg-red-50 text-red-900",
};

type AlertProps = {
  tone?: Tone;
  title?: string;
  children?: React.ReactNode;
  className?: string;
  live?: boolean;
};

/** A boxed message. `live` makes screen readers announce it when it appears (danger interrupts). */
export function Alert({ tone = "info", title, children, className, live = false }: AlertProps) {
  const role = live ? (tone === "danger" ? "alert" : "status") : undefined;
  return (
    <div
      role={role}
      className={cx("rounded-xl border p-4 text-sm leading-relaxed", TONES[tone], className)}
    >
      {title ? <p className="text-base font-semibold">{title}</p> : null}
      {children ? <div className={title ? "mt-1" : undefined}>{children}</div> : null}
    </div>
  );
}
