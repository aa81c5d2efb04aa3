/**
 * A date as @prisma/adapter-better-sqlite3 stores it: ISO text with "+00:00". Raw SQL and the
 * inbox's own connection write and compare dates on SQLite through this, so Prisma's reads and
 * date filters agree with them (compared as text, it orders as time).
 */
export const sqliteDate = (d: Date): string => d.toISOString().replace("Z", "+00:00");
