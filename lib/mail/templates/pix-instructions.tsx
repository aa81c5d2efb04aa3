import { formatPlate } from "@/lib/rules/plate";
import { formatBRL, formatDateTimeBR } from "@/lib/rules/money";
import { defineTemplate, type PaymentFacts } from "./define";
import { Button, Facts, Layout, p } from "./layout";

type Props = PaymentFacts & { pixCode: string; expiresAt: string; companyName: string };

export const pixInstructions = defineTemplate<Props>({
  subject: (x) => `Seu código PIX de ${formatBRL(x.amountCents)} – ${formatPlate(x.plate)}`,
  Html: (x) => (
    <Layout title="Seu código PIX" preview={`Pague ${formatBRL(x.amountCents)} até ${formatDateTimeBR(x.expiresAt)}.`}>
      <p style={p}>Olá, {x.customerName}. Copie o código abaixo e cole na opção “PIX copia e cola” do app do seu banco.</p>
      <Facts rows={[["Veículo", formatPlate(x.plate)], ["Valor com juros", formatBRL(x.amountCents)], ["Válido até", formatDateTimeBR(x.expiresAt) ?? ""], ["Recebedor", x.companyName]]} />
      <p style={{ margin: "0 0 12px", padding: 12, backgroundColor: "#f9fafb", border: "1px solid #d1d5db", borderRadius: 6, fontFamily: "monospace", fontSize: 13, wordBreak: "break-all" }}>{x.pixCode}</p>
      <p style={p}>Depois do prazo o código deixa de valer: gere outro na página do pagamento.</p>
      <Button href={x.statusUrl}>Abrir a página do pagamento</Button>
    </Layout>
  ),
  text: (x) =>
    [
      `Olá, ${x.customerName}. Copie o código abaixo e cole na opção "PIX copia e cola" do app do seu banco.`,
      "",
      x.pixCode,
      "",
      `Veículo: ${formatPlate(x.plate)}`,
      `Valor com juros: ${formatBRL(x.amountCents)}`,
      `Válido até: ${formatDateTimeBR(x.expiresAt)}`,
      `Recebedor: ${x.companyName}`,
      "",
      "Depois do prazo o código deixa de valer: gere outro na página do pagamento.",
      `Abrir a página do pagamento: ${x.statusUrl}`,
    ].join("\n"),
});
