import type { SandboxDebt } from "../context";
import { debtId, saoPauloDay } from "./debts";
import type { CatalogVehicle, LookupErrorCode } from "./vehicles";

// Vehicles whose debts change over time, for Radar: a story of TIMELINE_DAYS days that starts over
// every cycle. Days are read from the sandbox clock (options.now, so POST /__sandbox/clock walks the
// story) and last a real day times timeScale. Cycles are counted from TIMELINE_ANCHOR, 00:00 in São
// Paulo, not from the process start, so a restarted sandbox and a test agree on the day. The story
// is documented in docs/sandbox-core.md ("Vehicles that change over time").

const DAY_MS = 86_400_000;
export const TIMELINE_DAYS = 8;
/** 2026-01-01 00:00 in São Paulo: day 0 of cycle 0. */
export const TIMELINE_ANCHOR = new Date("2026-01-01T03:00:00.000Z");

/** One schedule day in clock milliseconds (never below 1 ms, whatever the scale). */
export const timelineDayMs = (timeScale: number) => Math.max(1, DAY_MS * timeScale);

export type TimelinePosition = { cycle: number; day: number; cycleStart: Date };

/** Where the story is at `now`. */
export function timelinePosition(now: Date, timeScale: number): TimelinePosition {
  const dayMs = timelineDayMs(timeScale);
  const days = Math.floor((now.getTime() - TIMELINE_ANCHOR.getTime()) / dayMs);
  const cycle = Math.floor(days / TIMELINE_DAYS);
  return {
    cycle,
    day: days - cycle * TIMELINE_DAYS,
    cycleStart: timelineDayStart(cycle, 0, timeScale),
  };
}

/**
 * The moment whose story a plate's lookup tells: `now`, or, for a plate pinned to a day, the middle
 * of that day in the current cycle (the rest of the sandbox keeps its clock).
 */
export function timelineMoment(now: Date, timeScale: number, pinnedDay: number | undefined): Date {
  if (pinnedDay === undefined) return now;
  const { cycle } = timelinePosition(now, timeScale);
  return new Date(
    timelineDayStart(cycle, pinnedDay, timeScale).getTime() + timelineDayMs(timeScale) / 2,
  );
}

/** The instant day `day` of cycle `cycle` begins (tests pin the clock to it). */
export function timelineDayStart(cycle: number, day: number, timeScale: number): Date {
  return new Date(
    TIMELINE_ANCHOR.getTime() + (cycle * TIMELINE_DAYS + day) * timelineDayMs(timeScale),
  );
}

type Version = {
  /** Days of the cycle this version is listed, [from, to). */
  days: [from: number, to: number];
  /** The id's seed: a new slug is the authority reissuing the debt under a new id. */
  slug: string;
  amount: number;
  hasDiscount?: boolean;
};

type StoryDebt = {
  type: SandboxDebt["type"];
  /** `{Y}` is the São Paulo year of the cycle's start. */
  title: string;
  description: string;
  /** Day of the cycle it is due (noon); `expirationDay` until when the late amount is quoted. */
  dueDay: number;
  expirationDay?: number;
  /** Fines: their number in the cycle, part of an AIT of their own per plate and cycle. */
  ait?: number;
  required?: boolean;
  versions: Version[];
};

const STORY: StoryDebt[] = [
  {
    type: "ticket",
    title: "Multa - Velocidade até 20% acima da máxima",
    ait: 1,
    dueDay: 3,
    expirationDay: 10,
    description:
      "Transitar em velocidade superior à máxima permitida em até 20%. Desconto de 40% via SNE até o vencimento.",
    versions: [
      { days: [0, 4], slug: "fine-speed", amount: 78.1, hasDiscount: true },
      // The discount ended: the authority reissues the fine under a new id, same AIT.
      { days: [4, 6], slug: "fine-speed-full", amount: 130.16 },
      // Interest added.
      { days: [6, 8], slug: "fine-speed-full", amount: 132.77 },
    ],
  },
  {
    type: "ticket",
    title: "Multa - Estacionar em local proibido",
    ait: 2,
    dueDay: 30,
    description: "Estacionar em local e horário proibidos pela sinalização.",
    versions: [{ days: [2, 8], slug: "fine-parking", amount: 195.23 }],
  },
  {
    type: "ipva",
    title: "IPVA {Y} - Parcela 1/3",
    description: "IPVA {Y} parcelado, parcela 1 de 3",
    dueDay: 7,
    // Paid elsewhere on day 5.
    versions: [{ days: [0, 5], slug: "ipva-parcela-1", amount: 633.09 }],
  },
  {
    type: "ipva",
    title: "IPVA {Y} - Parcela 2/3",
    description: "IPVA {Y} parcelado, parcela 2 de 3",
    dueDay: 8,
    versions: [{ days: [0, 8], slug: "ipva-parcela-2", amount: 633.09 }],
  },
  {
    type: "ipva",
    title: "IPVA {Y} - Parcela 3/3",
    description: "IPVA {Y} parcelado, parcela 3 de 3",
    dueDay: 38,
    versions: [{ days: [0, 8], slug: "ipva-parcela-3", amount: 633.09 }],
  },
  {
    type: "licensing",
    title: "Licenciamento {Y}",
    description: "Taxa de licenciamento anual {Y} (CRLV-e)",
    dueDay: 12,
    required: true,
    versions: [{ days: [0, 8], slug: "licensing", amount: 161.81 }],
  },
];

/** Days of the cycle on which the authority answers an error instead of the debts. */
const ERROR_DAYS: Partial<Record<number, LookupErrorCode>> = { 3: "901" };

// Ids a reissued debt had before (within one cycle), so a payment of the old id still removes it.
const formerIds = new Map<string, string[]>();
const MAX_FORMER_IDS = 100_000;

/** Earlier ids of a reissued timeline debt (none for any other debt). */
export function formerIdsOf(id: string): readonly string[] {
  return formerIds.get(id) ?? [];
}

const pad = (n: number, width: number) =>
  String(((n % 10 ** width) + 10 ** width) % 10 ** width).padStart(width, "0");

export type TimelineStep = { error: LookupErrorCode } | { debts: SandboxDebt[] };

/** What the authority lists for a timeline vehicle at `now`. */
export function timelineStep(vehicle: CatalogVehicle, now: Date, timeScale: number): TimelineStep {
  const { cycle, day, cycleStart } = timelinePosition(now, timeScale);
  const error = ERROR_DAYS[day];
  if (error) return { error };
  const year = saoPauloDay(cycleStart).y;
  const dayMs = timelineDayMs(timeScale);
  // Noon of a schedule day: at timeScale 1, noon in São Paulo like every catalog date.
  const noon = (d: number) => new Date(cycleStart.getTime() + (d + 0.5) * dayMs).toISOString();
  const idOf = (slug: string) => debtId(vehicle.plate, `timeline:${cycle}:${slug}`);
  const debts: SandboxDebt[] = [];
  for (const s of STORY) {
    const at = s.versions.findIndex((v) => day >= v.days[0] && day < v.days[1]);
    const v = s.versions[at];
    if (!v) continue;
    const id = idOf(v.slug);
    const earlier = [...new Set(s.versions.slice(0, at).map((e) => idOf(e.slug)))].filter(
      (e) => e !== id,
    );
    if (earlier.length && !formerIds.has(id)) {
      if (formerIds.size >= MAX_FORMER_IDS) formerIds.clear();
      formerIds.set(id, earlier);
    }
    const isExpired = day > s.dueDay;
    const debt: SandboxDebt = {
      id,
      amount: v.amount,
      title: s.title.replace("{Y}", String(year)),
      description: s.description.replace("{Y}", String(year)),
      type: s.type,
      dueDate: noon(s.dueDay),
      expirationDate: noon(s.expirationDay ?? s.dueDay),
      hasDiscount: v.hasDiscount ?? false,
      isExpired,
      year: s.type === "ipva" || s.type === "licensing" ? year : null,
      required: s.required ?? false,
      dependsOn: [],
      distinct: [],
    };
    if (s.ait !== undefined) debt.ait = `${vehicle.plate}${pad(cycle, 6)}${s.ait}`;
    debts.push(debt);
  }
  return { debts };
}
