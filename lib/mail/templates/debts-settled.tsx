import { formatPlate } from "@/lib/rules/plate";
import { defineTemplate } from "./define";
import { Button, DebtList, Facts, Layout, p } from "./layout";
import {
  amountRows,
  amountsOf,
  debtItems,
  debtTextLines,
  type StoredPaymentFacts,
} from "./payment-facts";

export const debtsSettled = defineTemplate<StoredPaymentFacts>({
  subject: (x) => `Débitos quitados – ${formatPlate(x.plate)}`,
  Html: (x) => {
    const a = amountsOf(x);
    return (
      <Layout
        title="Todos os débitos foram quitados"
        preview={`Os débitos pagos do veículo ${formatPlate(x.plate)} foram baixados.`}
      >
        <p style={p}>
          Olá, {x.customerName}. Todos os débitos que você pagou já constam como quitados no órgão
          responsável.
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
          Não é preciso fazer mais nada. Guarde o comprovante em anexo (PDF, marcado como quitado)
          para o caso de uma fiscalização.
        </p>
        <Button href={x.statusUrl}>Ver o comprovante</Button>
      </Layout>
    );
  },
  text: (x) => {
    const a = amountsOf(x);
    return [
      `Olá, ${x.customerName}. Todos os débitos que você pagou já constam como quitados no órgão responsável.`,
      "",
      `Veículo: ${formatPlate(x.plate)}`,
      `Forma de pagamento: ${a.method}`,
      `CPF/CNPJ: ${x.document}`,
      "",
      ...debtTextLines(a, " (quitado)"),
      "",
      ...amountRows(a).map(([label, value]) => `${label}: ${value}`),
      "",
      "Não é preciso fazer mais nada. Guarde o comprovante em anexo (PDF, marcado como quitado) para o caso de uma fiscalização.",
      `Ver o comprovante: ${x.statusUrl}`,
    ].join("\n");
  },
});
