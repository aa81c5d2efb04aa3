import { formatPlate } from "@/lib/rules/plate";
import { formatBRL } from "@/lib/rules/money";
import { defineTemplate } from "./define";
import { Button, DebtList, Facts, Layout, p } from "./layout";
import {
  amountRows,
  amountsOf,
  debtItems,
  debtTextLines,
  type StoredPaymentFacts,
} from "./payment-facts";

export const paymentApproved = defineTemplate<StoredPaymentFacts>({
  subject: (x) =>
    `Pagamento aprovado: ${formatBRL(amountsOf(x).totalCents)} – ${formatPlate(x.plate)}`,
  Html: (x) => {
    const a = amountsOf(x);
    return (
      <Layout
        title="Pagamento aprovado"
        preview={`Recebemos ${formatBRL(a.totalCents)} para o veículo ${formatPlate(x.plate)}.`}
      >
        <p style={p}>
          Olá, {x.customerName}. Seu pagamento foi aprovado. Guarde este e-mail e o comprovante em
          anexo (PDF): eles mostram o que foi pago.
        </p>
        <Facts
          rows={[
            ["Veículo", formatPlate(x.plate)],
            ["Forma de pagamento", a.method],
            ["CPF/CNPJ", x.document],
          ]}
        />
        <DebtList debts={debtItems(a)} />
        <Facts rows={amountRows(a)} />
        <p style={p}>
          O que acontece agora: cada débito é baixado pelo órgão responsável, em geral em até 3 dias
          úteis. Avisaremos quando todos estiverem quitados.
        </p>
        <Button href={x.statusUrl}>Acompanhar a baixa dos débitos</Button>
      </Layout>
    );
  },
  text: (x) => {
    const a = amountsOf(x);
    return [
      `Olá, ${x.customerName}. Seu pagamento foi aprovado. Guarde este e-mail e o comprovante em anexo (PDF): eles mostram o que foi pago.`,
      "",
      `Veículo: ${formatPlate(x.plate)}`,
      `Forma de pagamento: ${a.method}`,
      `CPF/CNPJ: ${x.document}`,
      "",
      ...debtTextLines(a),
      "",
      ...amountRows(a).map(([label, value]) => `${label}: ${value}`),
      "",
      "O que acontece agora: cada débito é baixado pelo órgão responsável, em geral em até 3 dias úteis. Avisaremos quando todos estiverem quitados.",
      `Acompanhar a baixa dos débitos: ${x.statusUrl}`,
    ].join("\n");
  },
});
