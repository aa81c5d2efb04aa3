import { Spinner } from "./button";

/** Every wait says what is happening and how long it usually takes: never a bare spinner. */
export function WaitingBlock({ title, detail }: { title: string; detail: string }) {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4 text-brand-800"
    >
      <Spinner className="mt-1 size-5 text-brand-600" />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="mt-0.5 text-sm">{detail}</p>
      </div>
    </div>
  );
}
