import { createHash } from "node:crypto";
import type { SandboxDebt } from "../context";
import { SANDBOX_VEHICLES, type CatalogVehicle, type ScenarioName } from "./vehicles";
import { familyTemplate } from "./family";

// Debts are rebuilt on every lookup from a static plan. Ids depend only on plate + slug, so they
// are stable across restarts; dates depend on the lookup time (ctx.options.now()) so that
// isExpired is always consistent with dueDate: a debt is expired iff its due day is before
// "today" in America/Sao_Paulo. Dates are serialized as noon in Sao Paulo (15:00Z) so the
// calendar day reads the same in UTC and in any Brazilian time zone.

type Due = { days: number } | { previousYear: [month: number, day: number] };

type DebtSeed = {
  slug: string;
  type: SandboxDebt["type"];
  /** `{Y}` is replaced by the reference year. */
  title: string;
  description: string;
  amount: number;
  due: Due | null;
  year?: "current" | "previous";
  hasDiscount?: boolean;
  required?: boolean;
  dependsOn?: string[];
  distinct?: string[];
  ait?: string;
};

const ipvaSplit = (
  amounts: [number, number, number],
  cotaUnica: number,
  opts: { dependsOn?: string[] } = {},
): DebtSeed[] => [
  {
    slug: "ipva-current-cota-unica",
    type: "ipva",
    title: "IPVA {Y} - Cota única",
    description: "IPVA {Y} em parcela única com desconto",
    amount: cotaUnica,
    due: { days: 15 },
    year: "current",
    hasDiscount: true,
    required: true,
    dependsOn: opts.dependsOn ?? [],
    distinct: ["ipva-current-parcela-1", "ipva-current-parcela-2", "ipva-current-parcela-3"],
  },
  ...amounts.map((amount, i): DebtSeed => ({
    slug: `ipva-current-parcela-${i + 1}`,
    type: "ipva",
    title: `IPVA {Y} - Parcela ${i + 1}/3`,
    description: `IPVA {Y} parcelado, parcela ${i + 1} de 3`,
    amount,
    due: { days: 15 + 30 * i },
    year: "current",
    distinct: ["ipva-current-cota-unica"],
  })),
];

const PLANS: Partial<Record<ScenarioName, DebtSeed[]>> = {
  withDebts: [
    {
      slug: "fine-speed-discount",
      type: "ticket",
      title: "Multa - Velocidade até 20% acima da máxima",
      description:
        "Transitar em velocidade superior à máxima permitida em até 20%. Desconto de 40% via SNE.",
      amount: 78.1,
      due: { days: 20 },
      hasDiscount: true,
      ait: "MG00123456",
    },
    {
      slug: "fine-red-light-expired",
      type: "ticket",
      title: "Multa - Avançar sinal vermelho",
      description: "Avançar o sinal vermelho do semáforo. Vencida, com acréscimos.",
      amount: 311.27,
      due: { days: -75 },
      required: true,
      ait: "MG00987654",
    },
    {
      slug: "fine-parking",
      type: "ticket",
      title: "Multa - Estacionar em local proibido",
      description: "Estacionar em local e horário proibidos pela sinalização.",
      amount: 195.23,
      due: { days: 35 },
      ait: "MG01357913",
    },
    {
      slug: "ipva-previous",
      type: "ipva",
      title: "IPVA {Y} - Cota única",
      description: "IPVA {Y} vencido, com multa e juros",
      amount: 2104.88,
      due: { previousYear: [1, 31] },
      year: "previous",
      required: true,
    },
    ...ipvaSplit([633.09, 633.09, 633.09], 1843.27, { dependsOn: ["ipva-previous"] }),
    {
      slug: "licensing-current",
      type: "licensing",
      title: "Licenciamento {Y}",
      description: "Taxa de licenciamento anual {Y} (CRLV-e)",
      amount: 161.81,
      due: { days: 15 },
      year: "current",
      required: true,
      dependsOn: ["ipva-current-cota-unica", "fine-red-light-expired"],
    },
    {
      slug: "service-crlv",
      type: "service",
      title: "Taxa de serviço - emissão do CRLV-e",
      description: "Emissão e envio do CRLV-e após a quitação do licenciamento",
      amount: 6.5,
      due: { days: 15 },
      dependsOn: ["licensing-current"],
    },
  ],
  spWithDebts: [
    {
      slug: "fine-phone",
      type: "ticket",
      title: "Multa - Usar celular ao dirigir",
      description: "Dirigir o veículo manuseando telefone celular.",
      amount: 293.47,
      due: { days: 25 },
      ait: "SP1E234567",
    },
    ...ipvaSplit([1012.4, 1012.4, 1012.4], 2915.71),
    {
      slug: "licensing-current",
      type: "licensing",
      title: "Licenciamento {Y}",
      description: "Taxa de licenciamento anual {Y}",
      amount: 160.22,
      due: { days: 15 },
      year: "current",
      required: true,
      dependsOn: ["ipva-current-cota-unica"],
    },
  ],
  cotaUnicaOnly: [
    {
      slug: "ipva-previous",
      type: "ipva",
      title: "IPVA {Y} - Cota única",
      description: "IPVA {Y} vencido, com multa e juros",
      amount: 1588.02,
      due: { previousYear: [2, 15] },
      year: "previous",
      required: true,
    },
    {
      slug: "ipva-current-cota-unica",
      type: "ipva",
      title: "IPVA {Y} - Cota única",
      description: "IPVA {Y} (GO cobra apenas cota única)",
      amount: 1420.5,
      due: { days: 15 },
      year: "current",
      required: true,
      dependsOn: ["ipva-previous"],
    },
    {
      slug: "licensing-current",
      type: "licensing",
      title: "Licenciamento {Y}",
      description: "Taxa de licenciamento anual {Y}",
      amount: 175.34,
      due: { days: 15 },
      year: "current",
      required: true,
      dependsOn: ["ipva-current-cota-unica"],
    },
  ],
  syncAnswer: [
    {
      slug: "fine-seatbelt",
      type: "ticket",
      title: "Multa - Deixar de usar o cinto de segurança",
      description: "Condutor sem cinto de segurança.",
      amount: 195.23,
      due: { days: 10 },
      ait: "RJ20240001",
    },
    {
      slug: "ipva-previous",
      type: "ipva",
      title: "IPVA {Y} - Cota única",
      description: "IPVA {Y} vencido, com multa e juros",
      amount: 1876.44,
      due: { previousYear: [1, 20] },
      year: "previous",
    },
    {
      slug: "service-fee",
      type: "service",
      title: "Taxa de serviço",
      description: "Taxa de serviço da consulta",
      amount: 3.5,
      due: { days: 10 },
    },
  ],
  cnpjOwner: [
    {
      slug: "fine-overweight",
      type: "ticket",
      title: "Multa - Excesso de peso",
      description: "Transitar com excesso de peso aferido em balança.",
      amount: 130.16,
      due: { days: 30 },
      ait: "PR7T001122",
    },
    {
      slug: "ipva-current-cota-unica",
      type: "ipva",
      title: "IPVA {Y} - Cota única",
      description: "IPVA {Y} em parcela única",
      amount: 4210.93,
      due: { days: 15 },
      year: "current",
      required: true,
    },
    {
      slug: "licensing-current",
      type: "licensing",
      title: "Licenciamento {Y}",
      description: "Taxa de licenciamento anual {Y}",
      amount: 245.1,
      due: { days: 15 },
      year: "current",
      required: true,
      dependsOn: ["ipva-current-cota-unica"],
    },
  ],
};

// Every lookup builds a few dozen ids (each debt's own plus its dependsOn and distinct lists), and
// SHA-1 through node:crypto costs microseconds each: remembered per plate and slug. Bounded, since
// generated family plates are unlimited; the ids are pure, so forgetting them changes nothing.
const knownIds = new Map<string, string>();
const MAX_KNOWN_IDS = 100_000;

/** Deterministic UUID (v5 layout over SHA-1) so debt ids survive restarts. */
export function debtId(plate: string, slug: string): string {
  const key = `${plate}:${slug}`;
  const known = knownIds.get(key);
  if (known) return known;
  const h = createHash("sha1").update(`placa-paga-sandbox:${key}`).digest();
  h[6] = ((h[6] ?? 0) & 0x0f) | 0x50;
  h[8] = ((h[8] ?? 0) & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString("hex");
  const id = `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
  if (knownIds.size >= MAX_KNOWN_IDS) knownIds.clear();
  knownIds.set(key, id);
  return id;
}

type Day = { y: number; m: number; d: number };

// Built once: constructing an Intl.DateTimeFormat (time zone data) costs far more than using it,
// and every lookup result asks for today's date.
const SAO_PAULO_DATE = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Sao_Paulo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

export function saoPauloDay(now: Date): Day {
  const parts = SAO_PAULO_DATE.formatToParts(now);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return { y: get("year"), m: get("month"), d: get("day") };
}

const noonSaoPaulo = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d, 15, 0, 0));

export function buildDebts(vehicle: CatalogVehicle, now: Date): SandboxDebt[] {
  const scenario =
    (Object.keys(SANDBOX_VEHICLES) as ScenarioName[]).find(
      (k) => SANDBOX_VEHICLES[k].plate === vehicle.plate,
    ) ?? familyTemplate(vehicle.plate);
  const plan = scenario ? (PLANS[scenario] ?? []) : [];
  const today = saoPauloDay(now);
  const todayNoon = noonSaoPaulo(today.y, today.m, today.d);
  const endOfMonth = noonSaoPaulo(today.y, today.m + 1, 0);
  const id = (slug: string) => debtId(vehicle.plate, slug);
  return plan.map((s) => {
    const year = s.year === "current" ? today.y : s.year === "previous" ? today.y - 1 : null;
    const due = !s.due
      ? null
      : "days" in s.due
        ? noonSaoPaulo(today.y, today.m, today.d + s.due.days)
        : noonSaoPaulo(today.y - 1, s.due.previousYear[0], s.due.previousYear[1]);
    const isExpired = due !== null && due < todayNoon;
    // Past-due debts carry interest/penalty that the authority quotes until month end.
    const expiration = due === null ? null : isExpired ? endOfMonth : due;
    const debt: SandboxDebt = {
      id: id(s.slug),
      amount: s.amount,
      title: s.title.replace("{Y}", String(year)),
      description: s.description.replace("{Y}", String(year)),
      type: s.type,
      dueDate: due?.toISOString() ?? null,
      expirationDate: expiration?.toISOString() ?? null,
      hasDiscount: s.hasDiscount ?? false,
      isExpired,
      year,
      required: s.required ?? false,
      dependsOn: (s.dependsOn ?? []).map(id),
      distinct: (s.distinct ?? []).map(id),
    };
    if (s.ait) debt.ait = s.ait;
    return debt;
  });
}

/** Debt ids of a scenario by slug, for tests that need a specific debt without a lookup. */
export function catalogDebtIds(scenario: ScenarioName): Record<string, string> {
  const plate = SANDBOX_VEHICLES[scenario].plate;
  return Object.fromEntries((PLANS[scenario] ?? []).map((s) => [s.slug, debtId(plate, s.slug)]));
}
