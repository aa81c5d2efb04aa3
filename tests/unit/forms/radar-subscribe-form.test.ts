// The owner's "Avise-me" form, rendered as the server sends it: what Radar stores is shown open,
// before the e-mail field, so a person reads it before giving an address.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RadarSubscribeForm } from "@/components/radar/radar-subscribe-form";

describe("the Radar subscription form", () => {
  it("shows what is stored and why, not folded away, before the e-mail field", () => {
    const html = renderToStaticMarkup(
      createElement(RadarSubscribeForm, {
        lookupId: "c".repeat(25),
        mailboxHint: false,
        confirmTtlHours: 48,
        subscribe: () => Promise.resolve(null as never),
      }),
    );
    const stored = html.indexOf("O que guardamos e por quê");
    const words = html.indexOf("guardamos a placa, o RENAVAM e o CPF/CNPJ");
    expect(stored).toBeGreaterThan(0);
    expect(words).toBeGreaterThan(stored);
    expect(html).toContain("Sem confirmação em 48 horas, apagamos tudo.");
    // Nothing folds it: no <details> (closed unless someone opens it).
    expect(html).not.toMatch(/<details/);
    expect(words).toBeLessThan(html.indexOf('name="email"'));
  });
});
