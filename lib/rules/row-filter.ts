// A row filter as plain data, in the part of Prisma's `where` language the retention rules use:
// a column equal to a value (null included), `in` / `notIn`, `not`, `lt` / `lte` / `gt` / `gte`,
// `AND` / `OR` / `NOT`, and `some` / `none` / `every` over a relation. A rule written once in it is
// handed to Prisma as the query (lib/personal-data) and evaluated here on facts in memory (the pure
// check), so the two cannot say different things. Comparisons with null are false, as in SQL.

export type RowFilter = { readonly [key: string]: unknown };

type Value = string | number | boolean | Date | null;

const COMPARISONS = new Set(["in", "notIn", "not", "lt", "lte", "gt", "gte", "equals"]);
const RELATIONS = new Set(["some", "none", "every"]);

const comparable = (v: unknown): string | number | boolean | null =>
  v instanceof Date ? v.getTime() : (v as string | number | boolean | null);

function same(a: unknown, b: unknown): boolean {
  return comparable(a) === comparable(b);
}

function compare(value: Value, op: string, arg: unknown): boolean {
  switch (op) {
    case "equals":
      return same(value, arg);
    case "not":
      return arg === null ? value !== null : value !== null && !same(value, arg);
    case "in":
      return value !== null && (arg as unknown[]).some((a) => same(value, a));
    case "notIn":
      return value !== null && !(arg as unknown[]).some((a) => same(value, a));
    default: {
      if (value === null || arg === null) return false;
      const [x, y] = [comparable(value)!, comparable(arg)!];
      return op === "lt" ? x < y : op === "lte" ? x <= y : op === "gt" ? x > y : x >= y;
    }
  }
}

function matchesCondition(row: RowFilter, key: string, cond: unknown): boolean {
  if (!(key in row)) throw new Error(`the row has no "${key}" for the filter to read`);
  const value = row[key];
  if (cond === null || typeof cond !== "object" || cond instanceof Date) return same(value, cond);
  const ops = Object.entries(cond as Record<string, unknown>);
  if (ops.every(([op]) => RELATIONS.has(op))) {
    const rows = value as readonly RowFilter[];
    return ops.every(([op, f]) =>
      op === "some"
        ? rows.some((r) => matchesFilter(r, f as RowFilter))
        : op === "none"
          ? !rows.some((r) => matchesFilter(r, f as RowFilter))
          : rows.every((r) => matchesFilter(r, f as RowFilter)),
    );
  }
  return ops.every(([op, arg]) => {
    if (!COMPARISONS.has(op)) throw new Error(`unsupported filter operator "${op}"`);
    return compare(value as Value, op, arg);
  });
}

/** Whether `row` (plain facts, relations as arrays) is one the filter selects. */
export function matchesFilter(row: RowFilter, filter: RowFilter): boolean {
  return Object.entries(filter).every(([key, cond]) => {
    if (key === "AND") return (cond as RowFilter[]).every((f) => matchesFilter(row, f));
    if (key === "OR") return (cond as RowFilter[]).some((f) => matchesFilter(row, f));
    if (key === "NOT") return !matchesFilter(row, cond as RowFilter);
    return matchesCondition(row, key, cond);
  });
}
