// GET /dev/mailbox – the test environment's inbox: every e-mail the embedded SMTP server received.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Card } from "@/components/ui/card";
import { PageShell } from "@/components/ui/page-shell";
import { listMailbox } from "@/lib/mail/mailbox";
import { formatDateTimeBR } from "@/lib/rules/money";

export const metadata: Metadata = {
  title: "Caixa de e-mails (testes)",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};
export const dynamic = "force-dynamic";

export default async function MailboxPage() {
  const messages = await listMailbox();
  if (!messages) notFound();
  return (
    <PageShell
      title="Caixa de e-mails (ambiente de testes)"
      lead="Todos os e-mails que a loja enviou pelo servidor SMTP de testes, do mais novo ao mais antigo."
      wide
    >
      <Card>
        {messages.length === 0 ? (
          <p className="text-slate-700">Nenhum e-mail enviado ainda.</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="E-mails recebidos">
            {messages.map((m) => (
              <li key={m.id} className="py-3">
                <Link
                  href={`/dev/mailbox/${m.id}`}
                  className="block rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
                >
                  <span className="block font-semibold text-slate-900 underline-offset-2 hover:underline">
                    {m.subject}
                  </span>
                  <span className="block text-sm text-slate-600">
                    Para {m.to} · {formatDateTimeBR(m.receivedAt)}
                    {m.deliveries > 1
                      ? ` · ${m.deliveries - 1} cópia(s) duplicada(s) descartada(s)`
                      : ""}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </PageShell>
  );
}
