import { describe, expect, it } from "vitest";
import { buildDebts, catalogDebtIds, debtId } from "@/lib/sandbox/catalog/debts";
import { SANDBOX_VEHICLES, UNKNOWN_PLATE } from "@/lib/sandbox/catalog/vehicles";
import { enrichmentLatencyMs, lookupLatencyMs } from "@/lib/sandbox/util/timing";
import { inSpMaintenance } from "@/lib/sandbox/lookup/outcome";
import {
  isValidCnpj,
  isValidCpf,
  isValidCpfCnpj,
  isValidRenavam,
  normalizePlate,
  onlyDigits,
  UFS,
} from "@/lib/sandbox/validators";

// Independent formulation of the DENATRAN rule (reverse the 10 digits, weights 2..9 then 2,3).
function renavamReference(s: string): boolean {
  const digits = s.slice(0, 10).split("").reverse().map(Number);
  const weights = [2, 3, 4, 5, 6, 7, 8, 9, 2, 3];
  const sum = digits.reduce((acc, d, i) => acc + d * weights[i]!, 0);
  const dv = (sum * 10) % 11;
  return (dv === 10 ? 0 : dv) === Number(s[10]);
}

describe("validators", () => {
  it("UFS: the 26 states and DF", () => {
    expect(new Set(UFS).size).toBe(27);
    expect(UFS).toContain("DF");
  });

  it("normalizePlate", () => {
    expect(normalizePlate("abc-1234")).toBe("ABC1234");
    expect(normalizePlate("abc1d23")).toBe("ABC1D23");
    expect(normalizePlate(" ABC-1D23 ")).toBe("ABC1D23");
    for (const bad of ["AB1234", "ABC12345", "ABCD123", "ABC1DD3", "AB-C1234", "ABC--1234", ""])
      expect(normalizePlate(bad)).toBeNull();
  });

  it("RENAVAM check digit agrees with an independent formulation", () => {
    for (let i = 0; i < 2000; i++) {
      const base = String(i * 7919 + 123).padStart(10, "0");
      for (let dv = 0; dv < 10; dv++)
        expect(isValidRenavam(base + dv)).toBe(renavamReference(base + dv));
    }
    expect(isValidRenavam("0123456780")).toBe(false);
    expect(isValidRenavam("0123456780a")).toBe(false);
  });

  it("CPF and CNPJ", () => {
    expect(isValidCpf("52998224725")).toBe(true);
    expect(isValidCpf("52998224724")).toBe(false);
    expect(isValidCpf("529.982.247-25")).toBe(false);
    expect(isValidCpf("00000000000")).toBe(false);
    expect(isValidCnpj("11222333000181")).toBe(true);
    expect(isValidCnpj("11222333000180")).toBe(false);
    expect(isValidCnpj("11111111111111")).toBe(false);
    expect(isValidCpfCnpj("52998224725")).toBe(true);
    expect(isValidCpfCnpj("11222333000181")).toBe(true);
    expect(isValidCpfCnpj("123")).toBe(false);
    expect(onlyDigits("529.982.247-25")).toBe("52998224725");
  });
});

describe("catalog", () => {
  const vehicles = Object.values(SANDBOX_VEHICLES);

  it("every vehicle has valid identifiers and unique plates, mixing old and Mercosul", () => {
    for (const v of vehicles) {
      expect(normalizePlate(v.plate)).toBe(v.plate);
      expect(isValidRenavam(v.renavam)).toBe(true);
      expect(v.ownerType === "cpf" ? isValidCpf(v.cpfCnpj) : isValidCnpj(v.cpfCnpj)).toBe(true);
      expect(v.data).toMatchObject({ placa: v.plate, uf: v.uf, renavam: v.renavam });
    }
    expect(new Set(vehicles.map((v) => v.plate)).size).toBe(vehicles.length);
    expect(vehicles.some((v) => /^[A-Z]{3}\d{4}$/.test(v.plate))).toBe(true);
    expect(vehicles.some((v) => /^[A-Z]{3}\d[A-Z]\d{2}$/.test(v.plate))).toBe(true);
    expect(vehicles.map((v) => v.plate)).not.toContain(UNKNOWN_PLATE);
    expect(SANDBOX_VEHICLES.withDebts.uf).not.toBe("SP");
    expect(SANDBOX_VEHICLES.spWithDebts.uf).toBe("SP");
    expect(SANDBOX_VEHICLES.cnpjOwner.ownerType).toBe("cnpj");
  });

  it("debt ids are deterministic UUIDs, unique across the catalog", () => {
    expect(debtId("MGD1E23", "x")).toBe(debtId("MGD1E23", "x"));
    const all = (Object.keys(SANDBOX_VEHICLES) as (keyof typeof SANDBOX_VEHICLES)[]).flatMap((k) =>
      Object.values(catalogDebtIds(k)),
    );
    expect(new Set(all).size).toBe(all.length);
    for (const id of all)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("isExpired always matches dueDate against the lookup day, whatever the date", () => {
    for (const now of ["2025-01-01T12:00:00Z", "2025-12-31T23:00:00Z", "2026-02-28T02:30:00Z"]) {
      const at = new Date(now);
      for (const d of buildDebts(SANDBOX_VEHICLES.withDebts, at)) {
        expect(d.dueDate).not.toBeNull();
        const due = d.dueDate!.slice(0, 10);
        const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(
          at,
        );
        expect(d.isExpired).toBe(due < today);
        expect(d.expirationDate! >= d.dueDate!).toBe(true);
      }
    }
  });

  it("licensing depends (transitively) on the previous year's IPVA", () => {
    const debts = buildDebts(SANDBOX_VEHICLES.withDebts, new Date("2025-06-10T15:00:00Z"));
    const byId = new Map(debts.map((d) => [d.id, d]));
    const closure = (id: string, seen = new Set<string>()): Set<string> => {
      for (const dep of byId.get(id)?.dependsOn ?? [])
        if (!seen.has(dep)) closure(dep, seen.add(dep));
      return seen;
    };
    const service = debts.find((d) => d.type === "service")!;
    const prev = debts.find((d) => d.type === "ipva" && d.year === 2024)!;
    expect(closure(service.id).has(prev.id)).toBe(true);
  });
});

describe("timing", () => {
  it("enrichment 1-5 s (1-3 s with uf), lookup 0.3-1.5 s, scaled", () => {
    for (const v of Object.values(SANDBOX_VEHICLES)) {
      const withUf = enrichmentLatencyMs(v.plate, true, 1);
      const without = enrichmentLatencyMs(v.plate, false, 1);
      expect(withUf).toBeGreaterThanOrEqual(1000);
      expect(withUf).toBeLessThanOrEqual(3000);
      expect(without).toBeGreaterThan(withUf);
      expect(without).toBeLessThanOrEqual(5000);
      expect(enrichmentLatencyMs(v.plate, false, 0)).toBe(0);
      const l = lookupLatencyMs(v.plate, 1);
      expect(l).toBeGreaterThanOrEqual(300);
      expect(l).toBeLessThanOrEqual(1500);
    }
  });

  it("SP maintenance is 00:00-06:59:59 in Sao Paulo", () => {
    expect(inSpMaintenance(new Date("2025-06-10T02:59:59Z"))).toBe(false); // 23:59:59 local
    expect(inSpMaintenance(new Date("2025-06-10T03:00:00Z"))).toBe(true); // 00:00 local
    expect(inSpMaintenance(new Date("2025-06-10T09:59:59Z"))).toBe(true); // 06:59:59 local
    expect(inSpMaintenance(new Date("2025-06-10T10:00:00Z"))).toBe(false); // 07:00 local
  });
});
