// The message a dispatcher sends with a share link (WhatsApp, Web Share): pt-BR, plate, total
// and expiry, then the link on its own line so apps turn it into a tap target.

import { formatBRL, formatDateTimeBR } from "./money";
import { formatPlate } from "./plate";

/** `sender`: the despachante's name and office (lib/rules/sender-name.ts), when the link is an account's. */
export type ShareMessageInput = {
  plate: string;
  amountCents: number;
  expiresAt: string | Date;
  url: string;
  sender?: string | null;
};

export function shareMessage({
  plate,
  amountCents,
  expiresAt,
  url,
  sender,
}: ShareMessageInput): string {
  return [
    sender
      ? `Olá! Aqui é ${sender}. Segue o link para pagar os débitos do veículo ${formatPlate(plate)}.`
      : `Olá! Segue o link para pagar os débitos do veículo ${formatPlate(plate)}.`,
    `Valor dos débitos: ${formatBRL(amountCents)} (PIX ou cartão em até 12x; o total com juros de cada forma aparece no link).`,
    `O link vale até ${formatDateTimeBR(expiresAt) ?? "a data indicada na página"}.`,
    url,
  ].join("\n");
}

/**
 * wa.me with the text filled in. Without a number WhatsApp asks whom to send it to; with a
 * Brazilian phone (DDD + number, any punctuation) it opens that chat: wa.me wants the country code.
 */
export function whatsappShareUrl(message: string, phone?: string | null): string {
  return `https://wa.me/${whatsappNumber(phone)}?text=${encodeURIComponent(message)}`;
}

/** "55" + DDD + number, or "" when the phone is not a Brazilian one we can dial. */
export function whatsappNumber(phone?: string | null): string {
  const digits = (phone ?? "").replace(/\D/g, "");
  if (digits.length === 10 || digits.length === 11) return `55${digits}`;
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith("55")) return digits;
  return "";
}
