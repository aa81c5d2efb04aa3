import "server-only";
import { renderReceiptPdf } from "@/lib/receipts/render-receipt";
import type { Attachment } from "./enqueue";

// Builds an outbox row's attachments at delivery time from their spec (never stored as bytes): the
// comprovante is issued as the payment stands when the message goes out.

type Built = { filename: string; content: Buffer; contentType: string };

async function buildReceiptPdf(item: Attachment): Promise<Built> {
  const pdf = await renderReceiptPdf(item.paymentId, { delisting: item.delisting ?? null });
  return { filename: "comprovante.pdf", content: Buffer.from(pdf), contentType: "application/pdf" };
}

export async function buildAttachments(spec: string | null): Promise<Built[]> {
  if (!spec) return [];
  const list = JSON.parse(spec) as Attachment[];
  const built: Built[] = [];
  for (const item of list) {
    if (item.kind === "receipt-pdf") built.push(await buildReceiptPdf(item));
  }
  return built;
}
