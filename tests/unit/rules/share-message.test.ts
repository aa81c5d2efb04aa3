import { describe, expect, it } from "vitest";
import { senderName } from "@/lib/rules/sender-name";
import { shareMessage, whatsappShareUrl } from "@/lib/rules/share-message";

describe("share message", () => {
  const input = {
    plate: "abc1234",
    amountCents: 123456,
    expiresAt: "2026-11-21T17:05:00.000Z",
    url: "https://placapaga.example/pagar/tok_abc",
  };

  it("names the plate, the total in R$ and the expiry in São Paulo time, then the link", () => {
    const text = shareMessage(input);
    expect(text).toContain("veículo ABC-1234");
    expect(text).toContain("R$\u00a01.234,56");
    expect(text).toContain("21/11/2026 às 14:05");
    expect(text.split("\n").at(-1)).toBe(input.url);
  });

  it("opens with who sends it when the link is an account's: name and office, or the e-mail while unnamed", () => {
    expect(
      shareMessage({
        ...input,
        sender: senderName({
          name: "Ana Lima",
          officeName: "Despachante Central",
          email: "ana@x.test",
        }),
      }).split("\n")[0],
    ).toBe(
      "Olá! Aqui é Ana Lima (Despachante Central). Segue o link para pagar os débitos do veículo ABC-1234.",
    );
    expect(senderName({ name: "", officeName: null, email: "ana@x.test" })).toBe("ana@x.test");
    expect(senderName({ name: "Ana Lima", officeName: " ", email: "ana@x.test" })).toBe("Ana Lima");
    expect(shareMessage(input).split("\n")[0]).toBe(
      "Olá! Segue o link para pagar os débitos do veículo ABC-1234.",
    );
  });

  it("builds a wa.me link whose text decodes back to the message", () => {
    const url = new URL(whatsappShareUrl(shareMessage(input)));
    expect(url.origin).toBe("https://wa.me");
    expect(url.searchParams.get("text")).toBe(shareMessage(input));
  });
});
