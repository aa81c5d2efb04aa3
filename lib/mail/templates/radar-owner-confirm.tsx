import { formatPlate } from "@/lib/rules/plate";
import { defineTemplate } from "./define";
import { Button, Layout, p } from "./layout";

type Props = {
  plate: string;
  confirmUrl: string;
  unsubscribeUrl: string;
  oneClickUrl: string;
  ttlHours: number;
};

export const radarOwnerConfirm = defineTemplate<Props>({
  subject: (x) => `Confirme os avisos de débitos do veículo ${formatPlate(x.plate)}`,
  Html: (x) => (
    <Layout
      title="Confirme os avisos de débitos"
      preview={`Confirme para receber avisos sobre o veículo ${formatPlate(x.plate)}.`}
    >
      <p style={p}>
        Você pediu para ser avisado de novos débitos do veículo{" "}
        <strong>{formatPlate(x.plate)}</strong>. Nada é acompanhado até você confirmar.
      </p>
      <Button href={x.confirmUrl}>Confirmar os avisos</Button>
      <p style={p}>
        O link vale por {x.ttlHours} horas. Sem confirmação, apagamos os dados que você informou.
      </p>
      <p style={{ ...p, fontSize: 13, color: "#4b5563" }}>
        Não foi você? Ignore este e-mail ou <a href={x.unsubscribeUrl}>apague estes dados agora</a>.
      </p>
    </Layout>
  ),
  text: (x) =>
    [
      `Você pediu para ser avisado de novos débitos do veículo ${formatPlate(x.plate)}. Nada é acompanhado até você confirmar.`,
      "",
      `Confirmar os avisos: ${x.confirmUrl}`,
      "",
      `O link vale por ${x.ttlHours} horas. Sem confirmação, apagamos os dados que você informou.`,
      `Não foi você? Ignore este e-mail ou apague estes dados agora: ${x.unsubscribeUrl}`,
    ].join("\n"),
  headers: (x) => listUnsubscribeHeaders(x.oneClickUrl),
});

/** RFC 8058 one-click: the mail client POSTs "List-Unsubscribe=One-Click" to the URL. */
export function listUnsubscribeHeaders(oneClickUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${oneClickUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
