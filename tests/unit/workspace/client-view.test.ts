import { describe, expect, it } from "vitest";
import {
  clientDetail,
  clientEditValues,
  clientSummary,
  matchesSearch,
} from "@/lib/workspace/clients/client-view";

// What the workspace screens receive: the CPF/CNPJ masked everywhere but the edit form.

const at = new Date("2026-11-24T12:00:00Z");
const client = {
  id: "c1",
  name: "João Araújo",
  cpfCnpj: "52998224725",
  phone: "11987654321",
  email: "joao@exemplo.com",
  createdAt: at,
  updatedAt: at,
};
const company = { ...client, id: "c2", name: "Transportes Silva", cpfCnpj: "11222333000181" };

describe("client views", () => {
  it("masks a CPF and a CNPJ in lists and details; only the edit values carry the whole number", () => {
    const summary = clientSummary(client, [{ plate: "ABC1234" }, { plate: "ABC1D23" }]);
    expect(summary).toEqual({
      id: "c1",
      name: "João Araújo",
      cpfCnpjMasked: "***.982.247-**",
      phone: "(11) 98765-4321",
      email: "joao@exemplo.com",
      vehicleCount: 2,
      plates: ["ABC-1234", "ABC1D23"],
    });
    expect(JSON.stringify(summary)).not.toContain("52998224725");
    expect(clientSummary(company, []).cpfCnpjMasked).toBe("11.***.***/0001-**");
    const detail = clientDetail(company, [
      { id: "v1", plate: "ABC1234", uf: "SP", renavam: "01234567803", createdAt: at },
    ]);
    expect(JSON.stringify(detail)).not.toMatch(/11222333000181|11\.222\.333/);
    expect(detail.vehicles).toEqual([
      { id: "v1", plate: "ABC1234", plateLabel: "ABC-1234", uf: "SP", renavam: "01234567803" },
    ]);
    expect(clientEditValues(client)).toEqual({
      name: "João Araújo",
      cpfCnpj: "52998224725",
      phone: "(11) 98765-4321",
      email: "joao@exemplo.com",
    });
  });

  it("search: accent- and case-blind names, plates with or without hyphen, never the CPF", () => {
    expect(matchesSearch(client, ["ABC1234"], "joao araujo")).toBe(true);
    expect(matchesSearch(client, ["ABC1234"], "ARAÚ")).toBe(true);
    expect(matchesSearch(client, ["ABC1234"], "abc-12")).toBe(true);
    expect(matchesSearch(client, ["ABC1234"], "  ")).toBe(true);
    expect(matchesSearch(client, ["ABC1234"], "maria")).toBe(false);
    // The query travels in the address: a CPF typed there finds nothing.
    expect(matchesSearch(client, ["ABC1234"], "529982")).toBe(false);
  });
});
