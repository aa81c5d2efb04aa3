import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { securityHeaders } from "@/lib/security/headers";

// Every page and route gets the security headers; pages get a fresh CSP nonce, which Next reads
// from the request's Content-Security-Policy header and puts on its own scripts.
/** A path Next cannot decode (`%FF`, a lone surrogate) would reach its router and fail with a bare 500. */
function hasMalformedEncoding(pathname: string): boolean {
  try {
    // encodeURIComponent throws on a lone surrogate, decodeURIComponent on a bad escape.
    encodeURIComponent(decodeURIComponent(pathname));
    return false;
  } catch {
    return true;
  }
}

export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const https =
    request.nextUrl.protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
  const headers = securityHeaders({
    nonce,
    dev: env.nodeEnv === "development",
    https,
    pathname: request.nextUrl.pathname,
  });
  if (hasMalformedEncoding(request.nextUrl.pathname)) {
    const body = { error: { code: "MALFORMED_URL", message: "Endereço inválido." } };
    return NextResponse.json(body, { status: 400, headers });
  }
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"] as string);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [{ source: "/((?!_next/static|_next/image|favicon.ico).*)" }],
};
