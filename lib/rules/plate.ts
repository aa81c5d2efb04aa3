// Brazilian licence plates: the old `ABC1234` and the Mercosul `ABC1D23`. People type them with
// a hyphen, spaces or in lower case; upstream wants the bare uppercase form.

const OLD_PLATE = /^[A-Z]{3}[0-9]{4}$/;
const MERCOSUL_PLATE = /^[A-Z]{3}[0-9][A-Z][0-9]{2}$/;

/** `abc-1234` -> `ABC1234`; `abc 1d23` -> `ABC1D23`; anything else -> null. */
export function normalizePlate(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, "");
  return OLD_PLATE.test(compact) || MERCOSUL_PLATE.test(compact) ? compact : null;
}

export function isValidPlate(input: string): boolean {
  return normalizePlate(input) !== null;
}

export function isMercosulPlate(input: string): boolean {
  const plate = normalizePlate(input);
  return plate !== null && MERCOSUL_PLATE.test(plate);
}

/**
 * Display form: `ABC-1234` for the old style (as painted on the plate), `ABC1D23` for Mercosul
 * (which has no hyphen). Text that is not a plate comes back unchanged, so a page showing
 * upstream data never blanks a field because of a format surprise.
 */
export function formatPlate(input: string): string {
  const plate = normalizePlate(input);
  if (plate === null) return input;
  return OLD_PLATE.test(plate) ? `${plate.slice(0, 3)}-${plate.slice(3)}` : plate;
}
