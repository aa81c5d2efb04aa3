import { cx } from "./cx";

/** A white section on the neutral page background: each step of the flow sits in one. */
export function Card({ className, ...rest }: React.ComponentProps<"section">) {
  return (
    <section
      className={cx("rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6", className)}
      {...rest}
    />
  );
}
