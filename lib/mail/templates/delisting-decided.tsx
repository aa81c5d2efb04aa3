import { formatBRL, formatDateBR } from "@/lib/rules/money";
import { formatPlate } from "@/lib/rules/plate";
import { defineTemplate, type PaymentFacts } from "./define";
import { Button, DebtList, Facts, Layout, p } from "./layout";

// One e-mail per payment when its delisting checks are decided (lib/delisting, docs/delisting.md):
// every paid debt confirmed gone from the authority's list, or one still listed at the last check,
// with what to do then. Never one per debt.

export type DelistingMailDebt = {
  title: string;
  paidCents: number;
  state: "confirmed" | "still_listed" | "unverified";
  /** ISO instant of the check that no longer found it. */
  confirmedAt?: string;
  /** What the authority listed for it at the last check, when it still did. */
  listedCents?: number;
};

export type DelistingMailFacts = Omit<PaymentFacts, "receipt"> & {
  verdict: "confirmed" | "still_listed";
  uf: string;
  debts: DelistingMailDebt[];
  /** The upstream's ids the authority may ask for (still listed only). */
  paymentId?: string | null;
  transactionId?: string | null;
};

const stateLine = (d: DelistingMailDebt): string => {
  if (d.state === "confirmed")
    return `baixa confirmada pelo órgão${d.confirmedAt ? ` em ${formatDateBR(d.confirmedAt)}` : ""}`;
  if (d.state === "still_listed")
    return d.listedCents !== undefined && d.listedCents !== d.paidCents
      ? `ainda listado no órgão, agora por ${formatBRL(d.listedCents)}`
      : "ainda listado no órgão";
  return "não foi possível conferir no órgão";
};

const confirmedLead = (x: DelistingMailFacts) =>
  `Olá, ${x.customerName}. Consultamos o Detran-${x.uf} de novo: nenhum dos débitos que você pagou para o veículo ${formatPlate(x.plate)} aparece mais na lista do órgão.`;
const listedLead = (x: DelistingMailFacts) =>
  `Olá, ${x.customerName}. Consultamos o Detran-${x.uf} depois da quitação e ${
    x.debts.filter((d) => d.state === "still_listed").length > 1
      ? "alguns débitos que você pagou ainda aparecem"
      : "um débito que você pagou ainda aparece"
  } na lista do órgão. O pagamento foi feito e quitado; falta o órgão dar a baixa.`;

const whatToDo = (x: DelistingMailFacts): string[] => [
  `Procure o Detran-${x.uf} (atendimento on-line ou presencial) e peça a baixa do débito, levando o comprovante em anexo.`,
  ...(x.paymentId ? [`Informe o código do pagamento: ${x.paymentId}.`] : []),
  ...(x.transactionId ? [`E o código da transação: ${x.transactionId}.`] : []),
  "Guarde este e-mail e o comprovante até o débito sair da lista.",
];

export const delistingDecided = defineTemplate<DelistingMailFacts>({
  subject: (x) =>
    x.verdict === "confirmed"
      ? `Baixa confirmada pelo órgão – ${formatPlate(x.plate)}`
      : `Débito pago ainda listado no órgão – ${formatPlate(x.plate)}`,
  Html: (x) => (
    <Layout
      title={x.verdict === "confirmed" ? "Baixa confirmada pelo órgão" : "Ainda listado no órgão"}
      preview={x.verdict === "confirmed" ? confirmedLead(x) : listedLead(x)}
    >
      <p style={p}>{x.verdict === "confirmed" ? confirmedLead(x) : listedLead(x)}</p>
      <Facts
        rows={[
          ["Veículo", formatPlate(x.plate)],
          ["CPF/CNPJ", x.document],
        ]}
      />
      <DebtList
        debts={x.debts.map((d) => ({
          title: d.title,
          reference: stateLine(d),
          amount: formatBRL(d.paidCents),
        }))}
      />
      {x.verdict === "still_listed"
        ? whatToDo(x).map((line) => (
            <p key={line} style={p}>
              {line}
            </p>
          ))
        : null}
      <Button href={x.statusUrl}>Ver o pagamento</Button>
    </Layout>
  ),
  text: (x) =>
    [
      x.verdict === "confirmed" ? confirmedLead(x) : listedLead(x),
      "",
      `Veículo: ${formatPlate(x.plate)}`,
      `CPF/CNPJ: ${x.document}`,
      "",
      ...x.debts.map((d) => `- ${d.title} (${formatBRL(d.paidCents)}): ${stateLine(d)}`),
      "",
      ...(x.verdict === "still_listed" ? [...whatToDo(x), ""] : []),
      `Ver o pagamento: ${x.statusUrl}`,
    ].join("\n"),
});
