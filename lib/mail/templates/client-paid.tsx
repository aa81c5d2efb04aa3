import { formatPlate } from "@/lib/rules/plate";
import { formatBRL } from "@/lib/rules/money";
import { defineTemplate } from "./define";
import { Button, Facts, Layout, p } from "./layout";

type Props = { clientName: string; plate: string; amountCents: number; workspaceUrl: string };

export const clientPaid = defineTemplate<Props>({
  subject: (x) => `${x.clientName} pagou ${formatBRL(x.amountCents)} – ${formatPlate(x.plate)}`,
  Html: (x) => (
    <Layout title="Seu cliente pagou" preview={`${x.clientName} pagou os débitos do ${formatPlate(x.plate)}.`}>
      <p style={p}>{x.clientName} pagou o link que você enviou.</p>
      <Facts rows={[["Veículo", formatPlate(x.plate)], ["Valor pago", formatBRL(x.amountCents)]]} />
      <p style={p}>Acompanhe a baixa de cada débito no seu painel.</p>
      <Button href={x.workspaceUrl}>Abrir o painel</Button>
    </Layout>
  ),
  text: (x) =>
    [
      `${x.clientName} pagou o link que você enviou.`,
      "",
      `Veículo: ${formatPlate(x.plate)}`,
      `Valor pago: ${formatBRL(x.amountCents)}`,
      "",
      "Acompanhe a baixa de cada débito no seu painel.",
      `Abrir o painel: ${x.workspaceUrl}`,
    ].join("\n"),
});
