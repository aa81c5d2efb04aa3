// The message a dispatcher sends with a share link (WhatsApp, Web Share): pt-BR, plate, total
// and expiry, then the link on its own line so apps turn it into a tap target.

import { formatBRL, formatDateTimeBR } from "./money";
import { formatPlate } from "./plate";

export type ShareMessageInput = { plate: string; amountCents: number; expiresAt: string | Date; url: string };

export function shareMessage({ plate, amountCents, expiresAt, url }: ShareMessageInput): string {
  return [
    `Olá! Segue o link para pagar os débitos do veículo ${formatPlate(plate)}.`,
    `Valor dos débitos: ${formatBRL(amountCents)} (PIX ou cartão em até 12x; o total com juros de cada forma aparece no link).`,
    `O link vale até ${formatDateTimeBR(expiresAt) ?? "a data indicada na página"}.`,
    url,
  ].join("\n");
}

/** wa.me without a number: WhatsApp asks whom to send it to, with the text filled in. */
export function whatsappShareUrl(message: string): string {
  return `https://wa.me/?text=${encodeURIComponent(message)}`;
}
