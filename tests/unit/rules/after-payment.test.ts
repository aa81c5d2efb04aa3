import { describe, expect, it } from "vitest";
import { crlvGuidance, SETTLEMENT_CAVEAT, whatHappensNext } from "@/lib/rules/after-payment";

const debt = (type: string, title: string) => ({ type, title });

describe("what happens after paying", () => {
  it("gives each debt type paid its typical time, naming its debts, licensing first", () => {
    const lines = whatHappensNext([
      debt("ticket", "Multa A"),
      debt("ipva", "IPVA 2026"),
      debt("ticket", "Multa B"),
      debt("licensing", "Licenciamento 2026"),
    ]);
    expect(lines.map((l) => l.key)).toEqual(["licensing", "ipva", "ticket"]);
    expect(lines[2]!.titles).toEqual(["Multa A", "Multa B"]);
    for (const line of lines) expect(line.typical).toMatch(/dias úteis/);
    expect(lines[0]!.typical).toMatch(/CRLV-e/);
  });

  it("still says something for a debt type it does not know", () => {
    expect(whatHappensNext([debt("pedagio", "Pedágio")])).toEqual([
      expect.objectContaining({
        key: "other",
        titles: ["Pedágio"],
        typical: expect.stringMatching(/alguns dias úteis/),
      }),
    ]);
    expect(whatHappensNext([])).toEqual([]);
  });

  it("is honest that registration may take a few business days more", () => {
    expect(SETTLEMENT_CAVEAT).toMatch(/não garantidos/);
    expect(SETTLEMENT_CAVEAT).toMatch(/alguns dias úteis a mais/);
  });

  it("says when and where the CRLV-e can be issued, only when licensing was paid", () => {
    expect(crlvGuidance(["ticket", "ipva"], "MG")).toBeNull();
    const text = crlvGuidance(["ticket", "licensing"], "MG")!;
    expect(text).toMatch(/quando o Detran-MG registrar o pagamento do licenciamento/);
    expect(text).toMatch(/Carteira Digital de Trânsito \(CDT\) ou no site do Detran-MG/);
  });
});
