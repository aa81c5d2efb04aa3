// The card's brand from its number, by card-validator (Braintree's maintained card-type tables;
// hand-written BIN tables go stale), with the Brazilian BINs it gets wrong pinned here, and our
// decision on which brands the form accepts. The upstream has the last word at tokenization.
//
// Deep import: the package root also loads postal-code, CVV and expiry helpers we do not use.
import { cardNumber } from "card-validator/dist/card-number";
import { luhn, type CardBrand } from "./card";

/** What card-validator calls the brands we accept. */
const ACCEPTED: Readonly<Record<string, CardBrand>> = {
  visa: "visa",
  mastercard: "mastercard",
  elo: "elo",
  "american-express": "amex",
  hipercard: "hipercard",
};

// Issued by Hipercard, read as Diners Club by card-validator 10.0.4 (credit-card-type 10.3.0).
const HIPERCARD_BINS = ["384100", "384140", "384160"] as const;
const HIPERCARD_LENGTHS = [13, 16, 19] as const;

export type CardIdentity =
  /** A brand the form takes; `lengths` are the lengths it issues. */
  | { status: "accepted"; brand: CardBrand; lengths: readonly number[] }
  /** A brand we recognise and do not take (Hiper, Diners Club, Discover, JCB, …): said by name. */
  | { status: "not_accepted"; name: string }
  /** Not enough digits yet, or no brand matches. */
  | { status: "unknown" };

/** Brand of a number (spaces and hyphens allowed), as far as its digits tell so far. */
export function identifyCard(input: string): CardIdentity {
  const digits = input.replace(/[\s-]/g, "");
  if (!/^\d+$/.test(digits)) return { status: "unknown" };
  if (HIPERCARD_BINS.some((bin) => digits.startsWith(bin)))
    return { status: "accepted", brand: "hipercard", lengths: HIPERCARD_LENGTHS };
  // Still a possible pinned Hipercard BIN: the library would call it Diners Club too early.
  if (digits.length < 6 && HIPERCARD_BINS.some((bin) => bin.startsWith(digits)))
    return { status: "unknown" };
  const card = cardNumber(digits).card;
  if (!card) return { status: "unknown" };
  const brand = ACCEPTED[card.type];
  return brand
    ? { status: "accepted", brand, lengths: card.lengths }
    : { status: "not_accepted", name: card.niceType };
}

/** An accepted brand, or null (unknown or not accepted). */
export function detectBrand(cardNumber: string): CardBrand | null {
  const id = identifyCard(cardNumber);
  return id.status === "accepted" ? id.brand : null;
}

/** Digits only, an accepted brand, a length that brand issues, and Luhn. */
export function isValidCardNumber(digits: string): boolean {
  const id = identifyCard(digits);
  return (
    /^\d+$/.test(digits) &&
    id.status === "accepted" &&
    id.lengths.includes(digits.length) &&
    luhn(digits)
  );
}

export const ACCEPTED_BRANDS_TEXT = "Visa, Mastercard, Elo, American Express ou Hipercard";

/** The field error for a brand we recognise and do not take, naming it. */
export function notAcceptedMessage(name: string): string {
  return `Cartões ${name} não são aceitos aqui. Use ${ACCEPTED_BRANDS_TEXT}, ou pague com PIX.`;
}
