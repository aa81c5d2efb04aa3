import Link from "next/link";

/** In the test environment, where a just-sent e-mail can be read (the embedded mailbox). */
export function MailboxHint({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <p className="mt-2">
      Ambiente de teste: o e-mail aparece na{" "}
      <Link className="font-semibold underline" href="/dev/mailbox" prefetch={false}>
        caixa de e-mails de teste
      </Link>
      .
    </p>
  );
}
