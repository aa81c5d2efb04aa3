// The creator cookie's name on its own: lib/links/creator-cookie.ts reads the env (its signing key)
// on import, and tests that forge or parse the cookie need the name without configuring a server.
export const CREATOR_COOKIE = "pp_creator";
