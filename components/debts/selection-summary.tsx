import { formatBRL } from "@/lib/rules/money";
import { ButtonLink, Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Money } from "@/components/ui/money";
import { MobileTotalBar } from "@/components/ui/total-bar";

/** `action` replaces "Continuar" (the workspace's "Gerar link"); same place on desktop and phones. */
type Props = { count: number; totalCents: number; href: string | null; action?: React.ReactNode };

/** Desktop: the summary column. Phones: the sticky bar. Same total, same next action. */
export function SelectionSummary({ count, totalCents, href, action: custom }: Props) {
  const label =
    count === 0
      ? "Nenhum débito selecionado"
      : count === 1
        ? "1 débito selecionado"
        : `${count} débitos selecionados`;
  const action =
    custom ??
    (href ? <ButtonLink href={href}>Continuar</ButtonLink> : <Button disabled>Continuar</Button>);
  return (
    <>
      <Card className="hidden lg:sticky lg:top-6 lg:block" aria-labelledby="summary-title">
        <h2 id="summary-title" className="text-sm font-semibold text-slate-700">
          Total selecionado
        </h2>
        <Money
          cents={totalCents}
          className="mt-1 block text-left text-4xl font-bold text-slate-900"
        />
        <p className="mt-1 text-sm text-slate-700">{label}</p>
        <p className="mt-3 text-sm text-slate-700">
          O custo de cada forma de pagamento (PIX ou cartão em até 12x) aparece na próxima etapa.
        </p>
        <div className="mt-4 [&>*]:w-full">{action}</div>
      </Card>
      <MobileTotalBar label={label} totalCents={totalCents} action={action} />
      {/* One polite announcement of the total for screen readers, whichever layout is visible. */}
      <p className="sr-only" aria-live="polite">
        {`Total selecionado: ${formatBRL(totalCents)}`}
      </p>
    </>
  );
}
