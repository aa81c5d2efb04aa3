import { ufOptions } from "@/lib/rules/uf";

const UF_OPTIONS = ufOptions();

/** The 27 UFs as <option>s, by name, for a UF <select> (the lookup form and the plate search). */
export function UfOptions() {
  return UF_OPTIONS.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
}
