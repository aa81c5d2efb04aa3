// Test cards, like Stripe's: each number reaches one outcome of the spec's payment states.
// Every number is Luhn-valid and carries no real account. Any other Luhn-valid number of an
// accepted brand behaves as "paid". Table and timelines: docs/sandbox-payments.md.
import type { CardBrand } from "./card-checks";

export type CardScenario =
  | "paid"
  | "refused_operator"
  | "refused_antifraud"
  | "analysis_paid"
  | "analysis_refused"
  | "processing_paid"
  | "timeout"
  | "lost";

export type SandboxCard = {
  number: string;
  brand: CardBrand;
  scenario: CardScenario;
  cvv: string;
  description: string;
};

const card = (
  number: string,
  brand: CardBrand,
  scenario: CardScenario,
  description: string,
  cvv = "123",
): SandboxCard => ({
  number,
  brand,
  scenario,
  cvv,
  description,
});

export const SANDBOX_CARDS = {
  visaPaid: card("4111111111111111", "visa", "paid", "Approved at once"),
  mastercardPaid: card("5555555555554444", "mastercard", "paid", "Approved at once"),
  mastercard2SeriesPaid: card(
    "2223000000000007",
    "mastercard",
    "paid",
    "Approved at once (2-series BIN)",
  ),
  eloPaid: card("6362970000457013", "elo", "paid", "Approved at once"),
  amexPaid: card("378282246310005", "amex", "paid", "Approved at once", "1234"),
  hipercardPaid: card("6062825624254001", "hipercard", "paid", "Approved at once"),
  refusedByOperator: card(
    "4000000000000002",
    "visa",
    "refused_operator",
    "Refused by the card operator",
  ),
  refusedByAntifraud: card(
    "4100000000000019",
    "visa",
    "refused_antifraud",
    "Refused by the antifraud analysis",
  ),
  analysisThenPaid: card(
    "4000000000001018",
    "visa",
    "analysis_paid",
    "in_analysis, then paid after 30 s",
  ),
  analysisThenRefused: card(
    "4000000000001026",
    "visa",
    "analysis_refused",
    "in_analysis, then refused after 30 s",
  ),
  processingThenPaid: card(
    "4000000000002016",
    "visa",
    "processing_paid",
    "processing, then paid after 10 s",
  ),
  timeout: card(
    "4000000000009011",
    "visa",
    "timeout",
    "Synchronous answer withheld for withheldPaymentMs and sent without status; paid, final status by webhook",
  ),
  lost: card(
    "4000000000009037",
    "visa",
    "lost",
    "Payment call answered 500 and nothing created: the status endpoint never knows it (404)",
  ),
} as const satisfies Record<string, SandboxCard>;

/** A cardholder name and expiry that any test card accepts (expiry only has to be in the future). */
export const SANDBOX_CARD_DEFAULTS = {
  cardholderName: "TESTE SANDBOX",
  expirationDate: "12/2040",
} as const;

const BY_NUMBER = new Map<string, SandboxCard>(
  Object.values(SANDBOX_CARDS).map((c) => [c.number, c]),
);

/** The outcome a card number produces: its catalog scenario, or "paid" for any other card. */
export function scenarioForCard(number: string): CardScenario {
  return BY_NUMBER.get(number)?.scenario ?? "paid";
}
