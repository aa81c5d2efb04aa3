import { AppLink, type AppLinkProps } from "./app-link";
import { cx } from "./cx";

type Variant = "primary" | "secondary" | "ghost" | "danger";

const BASE =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-base font-semibold " +
  "transition-colors disabled:cursor-not-allowed disabled:opacity-60 print:hidden";
const VARIANTS: Record<Variant, string> = {
  primary: "bg-brand-600 text-white hover:bg-brand-700",
  secondary: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
  ghost: "text-brand-700 underline-offset-4 hover:underline",
  danger: "bg-red-700 text-white hover:bg-red-800",
};

export function buttonClass(variant: Variant = "primary", className?: string) {
  return cx(BASE, VARIANTS[variant], className);
}

export type ButtonProps = React.ComponentProps<"button"> & {
  variant?: Variant;
  /** While true the button is disabled and says what it is doing, so nothing is sent twice. */
  pending?: boolean;
  pendingLabel?: string;
};

export function Button({
  variant = "primary",
  pending = false,
  pendingLabel,
  className,
  children,
  disabled,
  type = "button",
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, className)}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...rest}
    >
      {pending ? <Spinner /> : null}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}

export function ButtonLink({
  variant = "primary",
  className,
  ...rest
}: AppLinkProps & { variant?: Variant }) {
  return <AppLink className={buttonClass(variant, className)} {...rest} />;
}

export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        "inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none",
        className,
      )}
    />
  );
}
