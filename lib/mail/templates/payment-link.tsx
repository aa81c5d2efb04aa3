import { formatPlate } from "@/lib/rules/plate";
import { formatBRL } from "@/lib/rules/money";
import { defineTemplate } from "./define";
import { Button, Facts, Layout, p } from "./layout";

type Props = {
  clientName: string;
  despachanteName: string;
  plate: string;
  amountCents: number;
  payUrl: string;
};

export const paymentLink = defineTemplate<Props>({
  subject: (x) =>
    `${x.despachanteName} enviou um link para pagar os débitos do ${formatPlate(x.plate)}`,
  Html: (x) => (
    <Layout
      title="Link de pagamento"
      preview={`${formatBRL(x.amountCents)} em débitos do veículo ${formatPlate(x.plate)}.`}
    >
      <p style={p}>
        Olá, {x.clientName}. {x.despachanteName} preparou o pagamento dos débitos do seu veículo.
      </p>
      <Facts
        rows={[
          ["Veículo", formatPlate(x.plate)],
          ["Total dos débitos", formatBRL(x.amountCents)],
        ]}
      />
      <p style={p}>
        Abra o link, confira os débitos e pague por PIX ou cartão. O total com juros aparece antes
        de você confirmar.
      </p>
      <Button href={x.payUrl}>Ver e pagar os débitos</Button>
    </Layout>
  ),
  text: (x) =>
    [
      `Olá, ${x.clientName}. ${x.despachanteName} preparou o pagamento dos débitos do seu veículo.`,
      "",
      `Veículo: ${formatPlate(x.plate)}`,
      `Total dos débitos: ${formatBRL(x.amountCents)}`,
      "",
      "Abra o link, confira os débitos e pague por PIX ou cartão. O total com juros aparece antes de você confirmar.",
      `Ver e pagar os débitos: ${x.payUrl}`,
    ].join("\n"),
});
