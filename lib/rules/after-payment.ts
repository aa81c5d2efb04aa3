import { authorityName } from "./lookup-coverage";

// What happens after a payment is approved, per debt type. The money reaches each authority
// through the payments company, and each authority registers it (the "baixa") on its own clock:
// these are the typical times people can plan around, said with the honest caveat that some take
// a few business days. Wording only: the status page shows each debt's real settlement.

type Known = "ticket" | "ipva" | "licensing" | "service";

const NEXT: Readonly<Record<Known, { label: string; typical: string }>> = {
  ticket: {
    label: "Multas",
    typical:
      "O órgão que aplicou a multa costuma registrar o pagamento em 1 a 3 dias úteis. Até lá ela ainda pode aparecer como em aberto em outras consultas.",
  },
  ipva: {
    label: "IPVA",
    typical:
      "A Secretaria da Fazenda do estado costuma registrar o pagamento do IPVA em 1 a 3 dias úteis.",
  },
  licensing: {
    label: "Licenciamento",
    typical:
      "O Detran costuma registrar o pagamento do licenciamento em 1 a 3 dias úteis; só depois disso o documento do veículo (CRLV-e) pode ser emitido.",
  },
  service: {
    label: "Taxas",
    typical: "Taxas de serviço costumam ser registradas em 1 a 2 dias úteis.",
  },
};

const ORDER: readonly Known[] = ["licensing", "ipva", "ticket", "service"];

const isKnown = (type: string): type is Known => type in NEXT;

export type NextLine = { key: string; label: string; typical: string; titles: string[] };

/**
 * One line per debt type paid, naming its debts, licensing first (it unlocks the CRLV-e). A type
 * the upstream adds later still gets a line, not silence.
 */
export function whatHappensNext(debts: ReadonlyArray<{ title: string; type: string }>): NextLine[] {
  const lines: NextLine[] = ORDER.map((t) => ({
    key: t,
    ...NEXT[t],
    titles: debts.filter((d) => d.type === t).map((d) => d.title),
  }));
  const others = debts.filter((d) => !isKnown(d.type)).map((d) => d.title);
  lines.push({
    key: "other",
    label: "Outros débitos",
    typical: "O órgão responsável costuma registrar o pagamento em alguns dias úteis.",
    titles: others,
  });
  return lines.filter((l) => l.titles.length > 0);
}

export const SETTLEMENT_CAVEAT =
  "Esses prazos são os mais comuns, não garantidos: às vezes o registro leva alguns dias úteis a mais, por conta do órgão. O seu pagamento já está feito; guarde o comprovante desta página, que vale como prova até lá.";

/** When and where the CRLV-e can be issued; null when licensing is not among the debts paid. */
export function crlvGuidance(types: readonly string[], uf: string): string | null {
  if (!types.includes("licensing")) return null;
  return `O CRLV-e (o documento do veículo, em PDF) pode ser emitido quando o ${authorityName(uf)} registrar o pagamento do licenciamento e de todos os débitos obrigatórios para licenciar, normalmente em 1 a 3 dias úteis. Emita grátis no app Carteira Digital de Trânsito (CDT) ou no site do ${authorityName(uf)}; não é preciso ir a um posto.`;
}
