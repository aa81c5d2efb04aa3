import { cx } from "./cx";

type FieldProps = {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: React.ReactNode;
  className?: string;
};

/** Ids an input needs so screen readers read its hint and error with it. */
export function describedBy(id: string, opts: { error?: string; hint?: string }) {
  const ids = [opts.hint ? `${id}-hint` : null, opts.error ? `${id}-error` : null].filter(Boolean);
  return {
    id,
    "aria-invalid": opts.error ? true : undefined,
    "aria-describedby": ids.length ? ids.join(" ") : undefined,
  } as const;
}

/** Label above, hint, input, error below in words. The error region is always present so its
 * aria-live announces the message the moment validation fails. */
export function Field({ id, label, error, hint, children, className }: FieldProps) {
  return (
    <div className={cx("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {children}
      <p
        id={`${id}-error`}
        aria-live="polite"
        className={cx("text-sm font-medium text-red-700", !error && "sr-only")}
      >
        {error ?? ""}
      </p>
    </div>
  );
}

const CONTROL =
  "min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 " +
  "focus-visible:border-brand-600 aria-[invalid=true]:border-red-700";

export function TextInput({ className, ...rest }: React.ComponentProps<"input">) {
  return <input className={cx(CONTROL, "border-slate-400", className)} {...rest} />;
}

export function SelectInput({ className, ...rest }: React.ComponentProps<"select">) {
  return <select className={cx(CONTROL, "border-slate-400", className)} {...rest} />;
}
