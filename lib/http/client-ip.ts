// The client address for rate limiting. Next's server adds the socket address to
// x-forwarded-for; behind a proxy the rightmost entry is the one our nearest proxy saw, while the
// leftmost entries are whatever the client claimed. We take the rightmost: a client cannot spoof
// it to escape its limit (the cost: behind a chain of proxies all clients share the proxy's key).
export function clientIp(req: Request): string {
  const forwarded = req.headers.get("x-forwarded-for");
  const last = forwarded?.split(",").map((s) => s.trim()).filter(Boolean).pop();
  return last ?? req.headers.get("x-real-ip")?.trim() ?? "unknown";
}
