import Database from "better-sqlite3";
import pg from "pg";

// What a database's tables look like, as comparable plain data: used to check that each
// provider's migration history builds exactly the model in the schema files. Columns are compared
// by name, not position: ALTER TABLE ADD COLUMN appends, while a fresh CREATE TABLE follows the
// model's order, and Prisma reads columns by name.

const byName = (a: { name: string }, b: { name: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

export type TableShape = {
  columns: { name: string; type: string; notNull: boolean; default: string | null }[];
  indexes: string[];
  foreignKeys: string[];
};
export type SchemaShape = Record<string, TableShape>;

export function describeSqlite(file: string): SchemaShape {
  const conn = new Database(file, { readonly: true });
  try {
    const tables = conn
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations' ORDER BY name",
      )
      .all() as { name: string }[];
    const shape: SchemaShape = {};
    for (const { name } of tables) {
      const cols = conn.prepare(`PRAGMA table_info("${name}")`).all() as {
        name: string;
        type: string;
        notnull: number;
        dflt_value: string | null;
        pk: number;
      }[];
      const idx = conn.prepare(`PRAGMA index_list("${name}")`).all() as {
        name: string;
        unique: number;
        origin: string;
      }[];
      const fks = conn.prepare(`PRAGMA foreign_key_list("${name}")`).all() as {
        table: string;
        from: string;
        to: string;
        on_update: string;
        on_delete: string;
      }[];
      shape[name] = {
        columns: cols
          .map((c) => ({
            name: c.name,
            type: c.type,
            notNull: c.notnull === 1 || c.pk === 1,
            default: c.dflt_value,
          }))
          .sort(byName),
        indexes: idx
          .filter((i) => i.origin !== "pk")
          .map((i) => {
            const on = (
              conn.prepare(`PRAGMA index_info("${i.name}")`).all() as { name: string }[]
            ).map((c) => c.name);
            return `${i.unique ? "UNIQUE " : ""}${i.name}(${on.join(",")})`;
          })
          .sort(),
        foreignKeys: fks
          .map(
            (f) =>
              `${f.from}->${f.table}.${f.to} ON DELETE ${f.on_delete} ON UPDATE ${f.on_update}`,
          )
          .sort(),
      };
    }
    return shape;
  } finally {
    conn.close();
  }
}

export async function describePostgres(url: string): Promise<SchemaShape> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const cols = await client.query<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: string;
      column_default: string | null;
    }>(
      `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name <> '_prisma_migrations' ORDER BY table_name, ordinal_position`,
    );
    const idx = await client.query<{ tablename: string; indexname: string; indexdef: string }>(
      `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`,
    );
    const fks = await client.query<{ table_name: string; def: string }>(
      `SELECT conrelid::regclass::text AS table_name, pg_get_constraintdef(oid) AS def FROM pg_constraint
       WHERE contype = 'f' AND connamespace = 'public'::regnamespace`,
    );
    const shape: SchemaShape = {};
    for (const c of cols.rows) {
      (shape[c.table_name] ??= { columns: [], indexes: [], foreignKeys: [] }).columns.push({
        name: c.column_name,
        type: c.data_type,
        notNull: c.is_nullable === "NO",
        default: c.column_default,
      });
    }
    for (const i of idx.rows)
      shape[i.tablename]?.indexes.push(i.indexdef.replace(/ ON public\./, " ON "));
    for (const f of fks.rows) shape[f.table_name.replace(/"/g, "")]?.foreignKeys.push(f.def);
    for (const t of Object.values(shape)) {
      t.columns.sort(byName);
      t.indexes.sort();
      t.foreignKeys.sort();
    }
    return shape;
  } finally {
    await client.end();
  }
}
