// Every id in a workspace URL is a cuid, a UUID or a base64url link token. Anything else is not
// found before any query: a NUL byte (%00) makes PostgreSQL fail the query (a 500), and a 10 kB
// "id" is no reason to touch the database. Routes (user-route.ts) and pages (page-user.ts) share it.
const ROW_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function areRowIds(params: Record<string, unknown>): boolean {
  return Object.values(params).every((id) => typeof id === "string" && ROW_ID.test(id));
}
