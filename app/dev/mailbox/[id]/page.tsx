// GET /dev/mailbox/{id} – one received e-mail: headers, the HTML part in a sandboxed frame, the text part.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageShell } from "@/components/ui/page-shell";
import { readMailboxMessage } from "@/lib/mail/mailbox";
import { formatDateTimeBR } from "@/lib/rules/money";

export const metadata: Metadata = {
  title: "E-mail (testes)",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

export default async function MailboxMessagePage({ params }: Props) {
  const mail = await readMailboxMessage((await params).id);
  if (!mail) notFound();
  return (
    <PageShell title={mail.subject} wide>
      <Card>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">De</dt>
          <dd>{mail.from}</dd>
          <dt className="text-slate-600">Para</dt>
          <dd>{mail.to}</dd>
          <dt className="text-slate-600">Recebido</dt>
          <dd>{formatDateTimeBR(mail.receivedAt)}</dd>
          <dt className="text-slate-600">Message-ID</dt>
          <dd className="break-all font-mono text-xs">{mail.messageId}</dd>
          <dt className="text-slate-600">Anexos</dt>
          <dd>
            {mail.attachments.length === 0 ? (
              "nenhum"
            ) : (
              <ul className="flex flex-col gap-1">
                {mail.attachments.map((a, i) => (
                  <li key={i}>
                    {/* A plain link: the route answers with Content-Disposition: attachment. */}
                    <a
                      href={`/dev/mailbox/${mail.id}/anexos/${i}`}
                      download={a.filename}
                      className="font-semibold text-brand-700 underline underline-offset-2"
                    >
                      Baixar {a.filename}
                    </a>{" "}
                    <span className="text-slate-600">
                      ({a.contentType}, {Math.ceil(a.size / 1024)} KB)
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
      </Card>
      {/* srcDoc + an empty sandbox: the message's HTML gets an opaque origin and no scripts, and the
          page's nonce CSP (frame-ancestors 'none' for our own URLs) stays as it is. */}
      <iframe
        title="Versão HTML do e-mail"
        sandbox=""
        srcDoc={mail.html}
        className="h-[720px] w-full rounded-2xl border border-slate-200 bg-white"
      />
      <Card>
        <h2 className="text-lg font-semibold">Versão em texto</h2>
        <pre className="mt-3 whitespace-pre-wrap break-words text-sm text-slate-800">
          {mail.text}
        </pre>
      </Card>
      <ButtonLink href="/dev/mailbox" variant="secondary">
        Voltar à caixa de e-mails
      </ButtonLink>
    </PageShell>
  );
}
