import "server-only";
import type { Attachment } from "./enqueue";

// Builds an outbox row's attachments at delivery time from their spec (never stored as bytes).
// The PDF comprovante comes from lib/receipts (issue 20, another part): until it is merged,
// buildReceiptPdf answers null and the e-mail goes without it. Wire it HERE, in one place.

type Built = { filename: string; content: Buffer; contentType: string };

// Once lib/receipts is merged, the body becomes:
//   const pdf = await renderReceiptPdf(paymentId); // Uint8Array (lib/receipts/render-receipt.ts)
//   return { filename: "comprovante.pdf", content: Buffer.from(pdf), contentType: "application/pdf" };
// (and the "payment approved" template may then say the PDF is attached).
async function buildReceiptPdf(paymentId: string): Promise<Built | null> {
  void paymentId;
  return null;
}

export async function buildAttachments(spec: string | null): Promise<Built[]> {
  if (!spec) return [];
  const list = JSON.parse(spec) as Attachment[];
  const built: Built[] = [];
  for (const item of list) {
    if (item.kind === "receipt-pdf") {
      const pdf = await buildReceiptPdf(item.paymentId);
      if (pdf) built.push(pdf);
    }
  }
  return built;
}
