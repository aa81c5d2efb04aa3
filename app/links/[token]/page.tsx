import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { creatorIdFromCookieHeader } from "@/lib/links/creator-cookie";
import { findOwnedLink, shareUrl } from "@/lib/links/owned-link";
import { LinkPanel } from "@/components/links/link-panel";
import { PageShell } from "@/components/ui/page-shell";

// The dispatcher's side of a share link: only the browser that created it (signed cookie).
export const metadata: Metadata = {
  title: "Link de pagamento",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

type Props = { params: Promise<{ token: string }> };

export default async function LinkPage({ params }: Props) {
  const [{ token }, requestHeaders] = await Promise.all([params, headers()]);
  const link = await findOwnedLink(token, creatorIdFromCookieHeader(requestHeaders.get("cookie")));
  if (!link) notFound();
  return (
    <PageShell
      title="Link de pagamento pronto"
      lead="Envie ao cliente: ele paga por PIX ou cartão no celular. Esta página mostra quando o pagamento cair."
      wide
    >
      <LinkPanel token={token} url={shareUrl(token)} />
    </PageShell>
  );
}
