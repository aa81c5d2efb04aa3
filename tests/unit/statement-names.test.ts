import { describe, expect, it } from "vitest";
import { behindPgBouncer, statementNames } from "@/lib/db/create-client";

// PostgreSQL statements are prepared under a name derived from their text (lib/db/create-client.ts).

describe("statement names", () => {
  it("gives one text one name, the same from every generator (every connection, every instance), and another text another", () => {
    const a = statementNames();
    const b = statementNames();
    const select = { sql: 'SELECT "id" FROM "Payment" WHERE "publicRef" = $1' };
    expect(a(select)).toMatch(/^pp_[\w-]{24}$/);
    expect(a(select)).toBe(a({ ...select }));
    expect(b(select)).toBe(a(select));
    expect(a({ sql: 'SELECT "id" FROM "Payment" WHERE "id" = $1' })).not.toBe(a(select));
  });

  it("leaves texts past its bound unnamed, and keeps naming the ones it already named", () => {
    const names = statementNames(2);
    const first = names({ sql: "SELECT 1" });
    names({ sql: "SELECT 2" });
    expect(names({ sql: "SELECT 3" })).toBeUndefined();
    expect(names({ sql: "SELECT 1" })).toBe(first);
  });

  it("is off behind PgBouncer (pgbouncer=true in the URL), where a connection may not hold the statement", () => {
    expect(behindPgBouncer("postgresql://u@db:6432/app?pgbouncer=true")).toBe(true);
    expect(behindPgBouncer("postgresql://u@db:5432/app")).toBe(false);
    expect(behindPgBouncer("postgresql://u@db:5432/app?sslmode=require")).toBe(false);
  });
});
