import { formatPlate } from "@/lib/rules/plate";
import { defineTemplate } from "./define";
import { Button, Layout, p } from "./layout";
import { listUnsubscribeHeaders } from "./radar-owner-confirm";
import { stopReasonText } from "./radar-owner-facts";

type Props = { plate: string; reason: string | null; lookupFormUrl: string; oneClickUrl: string };

export const radarOwnerStopped = defineTemplate<Props>({
  subject: (x) => `Paramos os avisos do veículo ${formatPlate(x.plate)}`,
  Html: (x) => (
    <Layout
      title="Paramos os avisos deste veículo"
      preview={`Os avisos do veículo ${formatPlate(x.plate)} foram encerrados.`}
    >
      <p style={p}>
        Paramos de acompanhar o veículo {formatPlate(x.plate)} porque {stopReasonText(x.reason)}.
      </p>
      <p style={p}>
        Os dados que você nos deu para os avisos (placa, RENAVAM, CPF/CNPJ e e-mail) serão apagados.
        Você não receberá outros e-mails sobre este pedido.
      </p>
      <p style={p}>Se os dados estavam errados, faça uma nova consulta e peça os avisos de novo.</p>
      <Button href={x.lookupFormUrl}>Fazer uma nova consulta</Button>
    </Layout>
  ),
  text: (x) =>
    [
      `Paramos de acompanhar o veículo ${formatPlate(x.plate)} porque ${stopReasonText(x.reason)}.`,
      "",
      "Os dados que você nos deu para os avisos (placa, RENAVAM, CPF/CNPJ e e-mail) serão apagados. Você não receberá outros e-mails sobre este pedido.",
      "",
      `Se os dados estavam errados, faça uma nova consulta e peça os avisos de novo: ${x.lookupFormUrl}`,
    ].join("\n"),
  headers: (x) => listUnsubscribeHeaders(x.oneClickUrl),
});
