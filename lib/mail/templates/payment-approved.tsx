import { formatPlate } from "@/lib/rules/plate";
import { formatBRL } from "@/lib/rules/money";
import { defineTemplate, type PaymentFacts } from "./define";
import { Button, DebtList, Facts, Layout, p } from "./layout";

const method = (m: PaymentFacts["method"]) => (m === "pix" ? "PIX" : "Cartão de crédito");

export const paymentApproved = defineTemplate<PaymentFacts>({
  subject: (x) => `Pagamento aprovado: ${formatBRL(x.amountCents)} – ${formatPlate(x.plate)}`,
  Html: (x) => (
    <Layout title="Pagamento aprovado" preview={`Recebemos ${formatBRL(x.amountCents)} para o veículo ${formatPlate(x.plate)}.`}>
      <p style={p}>Olá, {x.customerName}. Seu pagamento foi aprovado. Guarde este e-mail e o comprovante em anexo (PDF): eles mostram o que foi pago.</p>
      <Facts rows={[["Veículo", formatPlate(x.plate)], ["Valor pago", formatBRL(x.amountCents)], ["Forma de pagamento", method(x.method)], ["CPF/CNPJ", x.document]]} />
      <DebtList debts={x.debts.map((d) => ({ title: d.title, amount: formatBRL(d.amountCents) }))} />
      <p style={p}>O que acontece agora: cada débito é baixado pelo órgão responsável, em geral em até 3 dias úteis. Avisaremos quando todos estiverem quitados.</p>
      <Button href={x.statusUrl}>Acompanhar a baixa dos débitos</Button>
    </Layout>
  ),
  text: (x) =>
    [
      `Olá, ${x.customerName}. Seu pagamento foi aprovado. Guarde este e-mail e o comprovante em anexo (PDF): eles mostram o que foi pago.`,
      "",
      `Veículo: ${formatPlate(x.plate)}`,
      `Valor pago: ${formatBRL(x.amountCents)}`,
      `Forma de pagamento: ${method(x.method)}`,
      `CPF/CNPJ: ${x.document}`,
      "",
      ...x.debts.map((d) => `- ${d.title}: ${formatBRL(d.amountCents)}`),
      "",
      "O que acontece agora: cada débito é baixado pelo órgão responsável, em geral em até 3 dias úteis. Avisaremos quando todos estiverem quitados.",
      `Acompanhar a baixa dos débitos: ${x.statusUrl}`,
    ].join("\n"),
});
