/** Lookup ids are cuids: junk never reaches the database (PostgreSQL rejects a NUL byte with an error). */
export const LOOKUP_ID = /^[A-Za-z0-9_-]{1,64}$/;
