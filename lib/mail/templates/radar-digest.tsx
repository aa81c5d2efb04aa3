import {
  describeRadarEvent,
  inReadingOrder,
  type RadarEventFacts,
} from "@/lib/rules/radar-event-text";
import { defineTemplate } from "./define";
import { Button, Layout, p } from "./layout";

// The despachante's daily Radar digest: every change and reminder of the day in one e-mail,
// grouped by client, never one e-mail per debt. Dates travel as ISO strings (the props are JSON).

export type DigestEvent = Omit<RadarEventFacts, "dueDate"> & {
  dueDate: string | null;
  clientName: string;
  plate: string;
};
type Props = {
  day: string;
  events: DigestEvent[];
  more: number;
  radarUrl: string;
  /** The account's first digest: there is no "last one" to count from. Absent in digests queued before it was sent along. */
  first?: boolean;
};

const count = (n: number) => (n === 1 ? "1 novidade" : `${n} novidades`);
const dayBR = (day: string) => day.split("-").reverse().join("/");

/** Grouped by client; inside a client, reading order (a new fine before its reminders), as the page. */
function byClient(events: DigestEvent[]): [string, DigestEvent[]][] {
  const groups = new Map<string, DigestEvent[]>();
  for (const e of events) groups.set(e.clientName, [...(groups.get(e.clientName) ?? []), e]);
  return [...groups.entries()].map(([client, list]) => [client, inReadingOrder(list)]);
}

/** The digest's day is "today" for its dates: a discount ending that day "vale até hoje". */
const line = (e: DigestEvent, day: string) => {
  const { label, sentence } = describeRadarEvent(e, day);
  return `${e.plate} · ${label}: ${sentence}`;
};

/** What the list is counted from: the last digest, or none yet. */
const opening = (x: Props) =>
  x.first
    ? "Primeiro resumo do Radar: o que ele encontrou nos veículos dos seus clientes desde que foi ligado:"
    : "O Radar consultou de novo os veículos dos seus clientes. Desde o último resumo:";
const previewOf = (x: Props) =>
  x.first
    ? `Primeiro resumo do Radar: ${count(x.events.length + x.more)}.`
    : `${count(x.events.length + x.more)} desde o último resumo.`;

export const radarDigest = defineTemplate<Props>({
  subject: (x) =>
    `Radar: ${count(x.events.length + x.more)} nos veículos dos seus clientes (${dayBR(x.day)})`,
  Html: (x) => (
    <Layout title="Radar: o que mudou" preview={previewOf(x)}>
      <p style={p}>{opening(x)}</p>
      {byClient(x.events).map(([client, events]) => (
        <div key={client}>
          <p style={{ ...p, fontWeight: 700 }}>{client}</p>
          <ul style={{ margin: "0 0 12px", paddingLeft: "20px" }}>
            {events.map((e, i) => (
              <li key={i} style={{ margin: "0 0 6px" }}>
                {line(e, x.day)}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {x.more > 0 ? <p style={p}>E mais {count(x.more)} na página do Radar.</p> : null}
      <p style={p}>
        Para gerar o link de pagamento de um débito novo, abra o Radar e use “Gerar link”.
      </p>
      <Button href={x.radarUrl}>Abrir o Radar</Button>
    </Layout>
  ),
  text: (x) =>
    [
      opening(x),
      "",
      ...byClient(x.events).flatMap(([client, events]) => [
        client,
        ...events.map((e) => `- ${line(e, x.day)}`),
        "",
      ]),
      ...(x.more > 0 ? [`E mais ${count(x.more)} na página do Radar.`, ""] : []),
      "Para gerar o link de pagamento de um débito novo, abra o Radar e use “Gerar link”.",
      `Abrir o Radar: ${x.radarUrl}`,
    ].join("\n"),
});
