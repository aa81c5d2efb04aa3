import { formatPlate } from "@/lib/rules/plate";
import { formatBRL } from "@/lib/rules/money";
import { defineTemplate, type PaymentFacts } from "./define";
import { Button, DebtList, Facts, Layout, p } from "./layout";

export const debtsSettled = defineTemplate<PaymentFacts>({
  subject: (x) => `Débitos quitados – ${formatPlate(x.plate)}`,
  Html: (x) => (
    <Layout title="Todos os débitos foram quitados" preview={`Os débitos pagos do veículo ${formatPlate(x.plate)} foram baixados.`}>
      <p style={p}>Olá, {x.customerName}. Todos os débitos que você pagou já constam como quitados no órgão responsável.</p>
      <Facts rows={[["Veículo", formatPlate(x.plate)], ["Valor pago", formatBRL(x.amountCents)], ["CPF/CNPJ", x.document]]} />
      <DebtList debts={x.debts.map((d) => ({ title: d.title, amount: formatBRL(d.amountCents) }))} />
      <p style={p}>Não é preciso fazer mais nada. Guarde o comprovante em anexo (PDF, marcado como quitado) para o caso de uma fiscalização.</p>
      <Button href={x.statusUrl}>Ver o comprovante</Button>
    </Layout>
  ),
  text: (x) =>
    [
      `Olá, ${x.customerName}. Todos os débitos que você pagou já constam como quitados no órgão responsável.`,
      "",
      `Veículo: ${formatPlate(x.plate)}`,
      `Valor pago: ${formatBRL(x.amountCents)}`,
      `CPF/CNPJ: ${x.document}`,
      "",
      ...x.debts.map((d) => `- ${d.title}: ${formatBRL(d.amountCents)} (quitado)`),
      "",
      "Não é preciso fazer mais nada. Guarde o comprovante em anexo (PDF, marcado como quitado) para o caso de uma fiscalização.",
      `Ver o comprovante: ${x.statusUrl}`,
    ].join("\n"),
});
