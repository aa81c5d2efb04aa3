/** Joins class names, skipping falsy ones (no dependency needed for this). */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(" ");
}
