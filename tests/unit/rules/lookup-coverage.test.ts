import { describe, expect, it } from "vitest";
import {
  ageText,
  authorityName,
  checkedAtText,
  isLookupOld,
  lookupAgeMs,
  lookupCoverage,
  oldLookupNotice,
} from "@/lib/rules/lookup-coverage";

const H = 3_600_000;
const DAY = 24 * H;
const checkedAt = "2026-11-20T17:05:00.000Z"; // 14:05 in São Paulo

describe("the lookup's age", () => {
  const at = (ms: number) => new Date(Date.parse(checkedAt) + ms);

  it("turns old at exactly the configured age, not a millisecond earlier", () => {
    expect(isLookupOld(checkedAt, at(DAY - 1), DAY)).toBe(false);
    expect(isLookupOld(checkedAt, at(DAY), DAY)).toBe(true);
    expect(isLookupOld(checkedAt, at(30 * 60_000), 30 * 60_000)).toBe(true);
  });

  it("counts a result from the future (clock skew) as fresh and an unreadable date as old", () => {
    expect(lookupAgeMs(checkedAt, at(-H))).toBe(0);
    expect(isLookupOld(checkedAt, at(-H), DAY)).toBe(false);
    expect(isLookupOld("not a date", at(0), DAY)).toBe(true);
  });

  it("says the age in whole units, rounded down, singular and plural", () => {
    expect(ageText(59 * 60_000)).toBe("menos de 1 hora");
    expect(ageText(H)).toBe("mais de 1 hora");
    expect(ageText(23 * H + 59 * 60_000)).toBe("mais de 23 horas");
    expect(ageText(DAY)).toBe("mais de 1 dia");
    expect(ageText(3 * DAY + 5 * H)).toBe("mais de 3 dias");
  });

  it("warns only once old, with the age and a fresh lookup before paying", () => {
    expect(oldLookupNotice(checkedAt, at(DAY - 1), DAY)).toBeNull();
    const notice = oldLookupNotice(checkedAt, at(2 * DAY + H), DAY);
    expect(notice?.title).toBe("Esta consulta pode estar desatualizada");
    expect(notice?.body).toMatch(/^O resultado tem mais de 2 dias\./);
    expect(notice?.body).toMatch(/Consulte de novo antes de pagar/);
  });
});

describe("what the lookup covers", () => {
  it("says when it was made, in São Paulo time", () => {
    expect(checkedAtText(checkedAt)).toBe("Consultado em 20/11/2026 às 14:05");
    expect(checkedAtText(undefined)).toBeNull();
    expect(checkedAtText("garbage")).toBeNull();
  });

  it("names the state authority of the UF and the bodies whose fines may be missing, and where to check them", () => {
    expect(authorityName("MG")).toBe("Detran-MG");
    const c = lookupCoverage("MG");
    expect(c.covers).toContain("Detran-MG (Minas Gerais)");
    expect(c.covers).toContain("órgão estadual de trânsito");
    for (const body of ["municipais", "DER", "PRF", "DNIT"]) expect(c.mayBeMissing).toContain(body);
    expect(c.whereToCheck).toContain("Carteira Digital de Trânsito");
    expect(c.whereToCheck).toContain("Senatran");
  });

  it("leaves out the state name for a code it does not know instead of inventing one", () => {
    expect(lookupCoverage("XX").covers).toContain("Detran-XX, o órgão");
  });
});
