/**
 * Script URLs under /_next/static referenced by a page's HTML: every <script src> and <link
 * rel=preload|modulepreload as=script>. `skipNoModule` leaves out the polyfill for browsers
 * without modules, which no current browser runs.
 */
export function scriptUrls(html: string, { skipNoModule = false } = {}): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) {
    if (!(skipNoModule && /\bnoModule\b/i.test(m[0]))) urls.add(m[1]!);
  }
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = m[0];
    if (
      /\brel="(?:preload|modulepreload)"/.test(tag) &&
      (/\bas="script"/.test(tag) || /modulepreload/.test(tag))
    ) {
      const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
      if (href) urls.add(href);
    }
  }
  return [...urls]
    .map((u) => u.replace(/&amp;/g, "&"))
    .filter((u) => new URL(u, "http://x").pathname.startsWith("/_next/static/"));
}
