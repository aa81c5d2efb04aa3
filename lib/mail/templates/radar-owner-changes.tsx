import { formatPlate } from "@/lib/rules/plate";
import { inReadingOrder } from "@/lib/rules/radar-event-text";
import { defineTemplate } from "./define";
import { Button, Layout, p } from "./layout";
import { listUnsubscribeHeaders } from "./radar-owner-confirm";
import { describeChange, type RadarChangeFacts } from "./radar-owner-facts";

type Props = {
  plate: string;
  changes: RadarChangeFacts[];
  lookupUrl: string;
  unsubscribeUrl: string;
  oneClickUrl: string;
  /** São Paulo's day the mail was queued (YYYY-MM-DD): a last day that is that day says "hoje". Absent in mails queued before it was sent along. */
  day?: string;
};

/** The first thing in reading order names the mail (a new fine before a reminder); the rest are counted. */
function subjectOf(x: Props): string {
  const [first, ...rest] = inReadingOrder(x.changes);
  if (!first) return `${formatPlate(x.plate)}: novidades nos débitos`;
  const more =
    rest.length === 0
      ? ""
      : rest.length === 1
        ? " e mais 1 aviso"
        : ` e mais ${rest.length} avisos`;
  return `${formatPlate(x.plate)}: ${describeChange(first, x.day).headline}${more}`;
}

const small = { ...p, fontSize: 13, color: "#4b5563" } as const;

export const radarOwnerChanges = defineTemplate<Props>({
  subject: subjectOf,
  Html: (x) => (
    <Layout title={`Novidades do veículo ${formatPlate(x.plate)}`} preview={subjectOf(x)}>
      <p style={p}>
        Consultamos de novo os débitos do veículo {formatPlate(x.plate)} e encontramos:
      </p>
      <ul style={{ margin: "0 0 16px", paddingLeft: 20 }}>
        {inReadingOrder(x.changes).map((c, i) => {
          const d = describeChange(c, x.day);
          return (
            <li key={i} style={{ margin: "0 0 10px" }}>
              <strong>{d.headline}</strong>
              <br />
              {d.detail}
            </li>
          );
        })}
      </ul>
      <p style={p}>
        Para ver os débitos de hoje e pagar, faça uma nova consulta (seus dados já estão
        preenchidos):
      </p>
      <Button href={x.lookupUrl}>Consultar os débitos agora</Button>
      <p style={small}>
        Você recebe no máximo um e-mail por dia sobre este veículo.{" "}
        <a href={x.unsubscribeUrl}>Parar os avisos e apagar meus dados</a>.
      </p>
    </Layout>
  ),
  text: (x) =>
    [
      `Consultamos de novo os débitos do veículo ${formatPlate(x.plate)} e encontramos:`,
      "",
      ...inReadingOrder(x.changes).flatMap((c) => {
        const d = describeChange(c, x.day);
        return [`- ${d.headline}`, `  ${d.detail}`];
      }),
      "",
      `Consultar os débitos agora: ${x.lookupUrl}`,
      "",
      "Você recebe no máximo um e-mail por dia sobre este veículo.",
      `Parar os avisos e apagar meus dados: ${x.unsubscribeUrl}`,
    ].join("\n"),
  headers: (x) => listUnsubscribeHeaders(x.oneClickUrl),
});
