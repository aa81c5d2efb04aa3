// Pure: the security headers every response gets. proxy.ts calls it with a fresh nonce per request.

export type SecurityHeaderOptions = {
  nonce: string;
  dev: boolean;
  https: boolean;
  pathname: string;
};

/** Share links and status pages carry unguessable tokens: they must never be indexed or leak via Referer. */
const PRIVATE_PATHS = [/^\/pagar\//, /^\/pagamento\//, /^\/consulta\//, /^\/links/, /^\/radar\//];

export function contentSecurityPolicy({
  nonce,
  dev,
}: Pick<SecurityHeaderOptions, "nonce" | "dev">): string {
  return [
    "default-src 'self'",
    // Nonce + strict-dynamic: Next's own scripts get the nonce; no 'unsafe-inline' for scripts.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // React's style attributes need inline styles; no script can run through them.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "upgrade-insecure-requests",
  ].join("; ");
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "Referrer-Policy": "no-referrer",
    "Permissions-Policy":
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (options.https)
    headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains; preload";
  if (PRIVATE_PATHS.some((re) => re.test(options.pathname)))
    headers["X-Robots-Tag"] = "noindex, nofollow";
  return headers;
}
