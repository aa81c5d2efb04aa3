import { apiRequest } from "./upstream-helpers";

// Signs a despachante in the way a person does, in-process: ask for the sign-in link, read it from
// the outbox row the request wrote, open it, keep the session cookie it sets. For integration
// tests of workspace routes (every call must then carry the cookie).

export async function requestSignInLink(email: string, ip = "10.77.0.1"): Promise<Response> {
  const { POST } = await import("@/app/api/auth/[...all]/route");
  return POST(
    apiRequest("/api/auth/sign-in/magic-link", {
      method: "POST",
      ip,
      body: { email, callbackURL: "/painel", errorCallbackURL: "/entrar?erro=link" },
    }),
  );
}

/** The newest sign-in URL queued for this address. */
export async function latestSignInUrl(email: string): Promise<string> {
  const { db } = await import("@/lib/db/client");
  const { contactIndex } = await import("@/lib/privacy");
  const row = await db.mailMessage.findFirstOrThrow({
    where: { toIndex: contactIndex(email), template: "sign-in-link" },
    orderBy: { createdAt: "desc" },
  });
  return (JSON.parse(row.props) as { signInUrl: string }).signInUrl;
}

/** Opens a sign-in URL; returns the response (a redirect that sets the session cookie, or to the error page). */
export async function openSignInUrl(url: string): Promise<Response> {
  const { GET } = await import("@/app/api/auth/[...all]/route");
  const u = new URL(url);
  return GET(apiRequest(`${u.pathname}${u.search}`, { method: "GET", ip: "10.77.0.1" }));
}

/** name=value pairs of a response's Set-Cookie headers, as one Cookie header. */
export function cookieHeaderOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

/** A signed-in session's Cookie header for `email` (the account is made on first sign-in). */
export async function signIn(email: string, ip?: string): Promise<string> {
  const asked = await requestSignInLink(email, ip);
  if (asked.status !== 200)
    throw new Error(`sign-in link refused: ${asked.status} ${await asked.text()}`);
  const res = await openSignInUrl(await latestSignInUrl(email));
  const cookie = cookieHeaderOf(res);
  if (!cookie.includes("session_token"))
    throw new Error(`no session cookie after the sign-in link (${res.status})`);
  return cookie;
}
