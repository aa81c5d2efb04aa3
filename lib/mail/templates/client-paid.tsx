import type { ReceiptAmounts } from "@/lib/rules/receipt-model";
import { formatPlate } from "@/lib/rules/plate";
import { formatBRL } from "@/lib/rules/money";
import { defineTemplate } from "./define";
import { Button, DebtList, Facts, Layout, p } from "./layout";
import { amountRows, debtItems, debtTextLines } from "./payment-facts";

// `receipt` is absent from rows queued before it existed: those show the amount alone.
type Props = {
  clientName: string;
  plate: string;
  amountCents: number;
  receipt?: ReceiptAmounts;
  workspaceUrl: string;
};

export const clientPaid = defineTemplate<Props>({
  subject: (x) =>
    `${x.clientName} pagou ${formatBRL(x.receipt?.totalCents ?? x.amountCents)} – ${formatPlate(x.plate)}`,
  Html: (x) => (
    <Layout
      title="Seu cliente pagou"
      preview={`${x.clientName} pagou os débitos do ${formatPlate(x.plate)}.`}
    >
      <p style={p}>{x.clientName} pagou o link que você enviou.</p>
      {x.receipt ? (
        <>
          <Facts
            rows={[
              ["Veículo", formatPlate(x.plate)],
              ["Forma de pagamento", x.receipt.method],
            ]}
          />
          <DebtList debts={debtItems(x.receipt)} />
          <Facts rows={amountRows(x.receipt)} />
        </>
      ) : (
        <Facts
          rows={[
            ["Veículo", formatPlate(x.plate)],
            ["Valor pago", formatBRL(x.amountCents)],
          ]}
        />
      )}
      <p style={p}>Acompanhe a baixa de cada débito no seu painel.</p>
      <Button href={x.workspaceUrl}>Abrir o painel</Button>
    </Layout>
  ),
  text: (x) =>
    [
      `${x.clientName} pagou o link que você enviou.`,
      "",
      `Veículo: ${formatPlate(x.plate)}`,
      ...(x.receipt
        ? [
            `Forma de pagamento: ${x.receipt.method}`,
            "",
            ...debtTextLines(x.receipt),
            "",
            ...amountRows(x.receipt).map(([label, value]) => `${label}: ${value}`),
          ]
        : [`Valor pago: ${formatBRL(x.amountCents)}`]),
      "",
      "Acompanhe a baixa de cada débito no seu painel.",
      `Abrir o painel: ${x.workspaceUrl}`,
    ].join("\n"),
});
