import { defineTemplate } from "./define";
import { Button, Facts, Layout, p } from "./layout";

// An account's webhook endpoint switched off after failing without a success for the documented
// period (docs/api-webhooks.md). `failingDays`: whole days since the first failure.
type Props = { url: string; failingDays: number; webhooksUrl: string };

export const apiWebhookDisabled = defineTemplate<Props>({
  subject: () => "Desligamos um endereço de webhooks da sua conta",
  Html: (x) => (
    <Layout
      title="Endereço de webhooks desligado"
      preview="As entregas para este endereço falharam por dias seguidos."
    >
      <p style={p}>
        As entregas de eventos para o endereço abaixo falharam sem nenhum sucesso por{" "}
        {x.failingDays} dias, então paramos de enviar para ele.
      </p>
      <Facts rows={[["Endereço", x.url]]} />
      <p style={p}>
        Confira se o endereço está no ar e responde com 2xx, e ligue-o de novo no painel. Os eventos
        continuam na lista de entregas, e você pode reenviar cada um.
      </p>
      <Button href={x.webhooksUrl}>Abrir os webhooks</Button>
    </Layout>
  ),
  text: (x) =>
    [
      `As entregas de eventos para ${x.url} falharam sem nenhum sucesso por ${x.failingDays} dias, então paramos de enviar para ele.`,
      "",
      "Confira se o endereço está no ar e responde com 2xx, e ligue-o de novo no painel. Os eventos continuam na lista de entregas, e você pode reenviar cada um.",
      "",
      `Abrir os webhooks: ${x.webhooksUrl}`,
    ].join("\n"),
});
