import { formatDateTimeBR } from "./money";
import { isUf, UF_NAMES } from "./uf";

// What a debt lookup covers and how old it is. The upstream asks one state traffic authority
// (the Detran of the vehicle's UF); fines issued by other bodies reach that Detran late or never,
// and a result goes stale once anyone pays or a new fine arrives. People decide what to pay from
// this screen, so it says both plainly.

const HOUR_MS = 3_600_000;

/** "Detran-MG". */
export function authorityName(uf: string): string {
  return `Detran-${uf}`;
}

/** "Consultado em 21/11/2026 às 14:05" (São Paulo time), or null without a valid instant. */
export function checkedAtText(checkedAt: string | Date | null | undefined): string | null {
  const when = checkedAt ? formatDateTimeBR(checkedAt) : null;
  return when ? `Consultado em ${when}` : null;
}

export type LookupCoverage = { covers: string; mayBeMissing: string; whereToCheck: string };

export function lookupCoverage(uf: string): LookupCoverage {
  const state = isUf(uf) ? ` (${UF_NAMES[uf]})` : "";
  return {
    covers: `Esta consulta mostra o que o ${authorityName(uf)}${state}, o órgão estadual de trânsito, tem registrado para o veículo: IPVA, licenciamento, taxas e as multas que constam no cadastro dele.`,
    mayBeMissing:
      "Multas aplicadas por órgãos municipais (a prefeitura ou o órgão de trânsito da cidade), pelo DER, pela PRF (rodovias federais) ou pelo DNIT podem não aparecer aqui, ou aparecer só depois de alguns dias.",
    whereToCheck:
      "Para conferir essas multas, use o app Carteira Digital de Trânsito (CDT) ou o Portal de Serviços da Senatran, que reúnem multas de todos os órgãos, ou o site de cada órgão (prefeitura, DER do estado, PRF, DNIT).",
  };
}

/** Age in ms; negative clock skew counts as fresh (0). NaN dates count as old (Infinity). */
export function lookupAgeMs(checkedAt: string | Date, now: Date): number {
  const at = new Date(checkedAt).getTime();
  if (Number.isNaN(at)) return Number.POSITIVE_INFINITY;
  return Math.max(0, now.getTime() - at);
}

/** Old from maxAgeMs on (inclusive): at exactly 24 h the result is already a day old. */
export function isLookupOld(checkedAt: string | Date, now: Date, maxAgeMs: number): boolean {
  return lookupAgeMs(checkedAt, now) >= maxAgeMs;
}

/** "mais de 1 dia", "mais de 3 dias", "mais de 5 horas" (whole units, rounded down). */
export function ageText(ageMs: number): string {
  const hours = Math.floor(ageMs / HOUR_MS);
  if (hours >= 24) {
    const days = Math.floor(hours / 24);
    return `mais de ${days} ${days === 1 ? "dia" : "dias"}`;
  }
  if (hours >= 1) return `mais de ${hours} ${hours === 1 ? "hora" : "horas"}`;
  return "menos de 1 hora";
}

/** The old-result warning, or null while the result is fresh. */
export function oldLookupNotice(
  checkedAt: string | Date,
  now: Date,
  maxAgeMs: number,
): { title: string; body: string } | null {
  if (!isLookupOld(checkedAt, now, maxAgeMs)) return null;
  return {
    title: "Esta consulta pode estar desatualizada",
    body: `O resultado tem ${ageText(lookupAgeMs(checkedAt, now))}. Desde então, débitos podem ter sido pagos ou novos podem ter surgido. Consulte de novo antes de pagar: leva poucos segundos.`,
  };
}
