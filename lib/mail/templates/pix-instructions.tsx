import { formatPlate } from "@/lib/rules/plate";
import { formatBRL, formatDateTimeBR } from "@/lib/rules/money";
import { defineTemplate } from "./define";
import { Button, DebtList, Facts, Layout, p } from "./layout";
import {
  amountRows,
  amountsOf,
  debtItems,
  debtTextLines,
  type StoredPaymentFacts,
} from "./payment-facts";

type Props = StoredPaymentFacts & { pixCode: string; expiresAt: string; companyName: string };

export const pixInstructions = defineTemplate<Props>({
  subject: (x) =>
    `Seu código PIX de ${formatBRL(amountsOf(x).totalCents)} – ${formatPlate(x.plate)}`,
  Html: (x) => {
    const a = amountsOf(x);
    return (
      <Layout
        title="Seu código PIX"
        preview={`Pague ${formatBRL(a.totalCents)} até ${formatDateTimeBR(x.expiresAt)}.`}
      >
        <p style={p}>
          Olá, {x.customerName}. Copie o código abaixo e cole na opção “PIX copia e cola” do app do
          seu banco.
        </p>
        <Facts
          rows={[
            ["Veículo", formatPlate(x.plate)],
            ["Valor com juros", formatBRL(a.totalCents)],
            ["Válido até", formatDateTimeBR(x.expiresAt) ?? ""],
            ["Recebedor", x.companyName],
          ]}
        />
        <p
          style={{
            margin: "0 0 12px",
            padding: 12,
            backgroundColor: "#f9fafb",
            border: "1px solid #d1d5db",
            borderRadius: 6,
            fontFamily: "monospace",
            fontSize: 13,
            wordBreak: "break-all",
          }}
        >
          {x.pixCode}
        </p>
        <DebtList debts={debtItems(a)} />
        <Facts rows={amountRows(a, "Total a pagar")} />
        <p style={p}>Depois do prazo o código deixa de valer: gere outro na página do pagamento.</p>
        <Button href={x.statusUrl}>Abrir a página do pagamento</Button>
      </Layout>
    );
  },
  text: (x) => {
    const a = amountsOf(x);
    return [
      `Olá, ${x.customerName}. Copie o código abaixo e cole na opção "PIX copia e cola" do app do seu banco.`,
      "",
      x.pixCode,
      "",
      `Veículo: ${formatPlate(x.plate)}`,
      `Valor com juros: ${formatBRL(a.totalCents)}`,
      `Válido até: ${formatDateTimeBR(x.expiresAt)}`,
      `Recebedor: ${x.companyName}`,
      "",
      ...debtTextLines(a),
      "",
      ...amountRows(a, "Total a pagar").map(([label, value]) => `${label}: ${value}`),
      "",
      "Depois do prazo o código deixa de valer: gere outro na página do pagamento.",
      `Abrir a página do pagamento: ${x.statusUrl}`,
    ].join("\n");
  },
});
