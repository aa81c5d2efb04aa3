import { PDFDocument, PDFFont, PDFPage, StandardFonts, rgb } from "pdf-lib";
import { formatBRL } from "@/lib/rules/money";
import type { ReceiptModel } from "@/lib/rules/receipt-model";

// Lays a ReceiptModel out on A4 pages with pdf-lib. The standard Helvetica fonts use WinAnsi, which
// holds every pt-BR letter (ç, ã, é, ú, º): no font file to ship. A character outside it (an emoji
// in a name) would make pdf-lib throw, so it is replaced instead of failing the whole document.

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const INK = rgb(0.1, 0.12, 0.16);
export const MUTED = rgb(0.38, 0.42, 0.48);
const RULE = rgb(0.85, 0.87, 0.9);

const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

export function winAnsiSafe(text: string): string {
  return Array.from(text, (ch) => {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch))
      return ch;
    return "?";
  }).join("");
}

export type Fonts = { regular: PDFFont; bold: PDFFont };

export class Writer {
  page: PDFPage;
  y: number;
  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  private room(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    let line = "";
    for (const word of winAnsiSafe(text).split(" ")) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
    return lines;
  }
  text(
    text: string,
    o: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; gap?: number } = {},
  ) {
    const size = o.size ?? 10;
    const font = o.bold ? this.fonts.bold : this.fonts.regular;
    for (const line of this.wrap(text, font, size, A4[0] - 2 * MARGIN)) {
      this.room(size + 4);
      this.y -= size + 4;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: o.color ?? INK });
    }
    this.y -= o.gap ?? 0;
  }
  /** A label on the left, a value on the right edge (amounts line up). */
  pair(label: string, value: string, o: { bold?: boolean; size?: number } = {}) {
    const size = o.size ?? 10;
    const font = o.bold ? this.fonts.bold : this.fonts.regular;
    const v = winAnsiSafe(value);
    const valueWidth = font.widthOfTextAtSize(v, size);
    const labelLines = this.wrap(label, font, size, A4[0] - 2 * MARGIN - valueWidth - 16);
    this.room((size + 4) * labelLines.length);
    labelLines.forEach((line, i) => {
      this.y -= size + 4;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: INK });
      if (i === 0)
        this.page.drawText(v, {
          x: A4[0] - MARGIN - valueWidth,
          y: this.y,
          size,
          font,
          color: INK,
        });
    });
  }
  heading(text: string) {
    this.room(40);
    this.y -= 14;
    this.text(text, { size: 12, bold: true });
    this.y -= 4;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4[0] - MARGIN, y: this.y },
      thickness: 0.7,
      color: RULE,
    });
    this.y -= 2;
  }
}

export async function receiptPdf(
  model: ReceiptModel,
  issuer: { name: string; cnpj: string },
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${model.title} — ${model.vehicle.plate}`);
  doc.setLanguage("pt-BR");
  doc.setAuthor(issuer.name);
  doc.setCreator("Placa Paga");
  doc.setProducer("Placa Paga");
  const w = new Writer(doc, {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  });

  w.text(model.title, { size: 20, bold: true });
  w.text(`Emitido em ${model.issuedAt} por ${issuer.name} (CNPJ ${issuer.cnpj})`, {
    size: 9,
    color: MUTED,
    gap: 4,
  });
  if (model.delisting) w.text(model.delisting, { size: 11, bold: true, gap: 2 });

  w.heading("Pagador");
  w.pair("Nome", model.payer.name);
  w.pair("CPF/CNPJ", model.payer.document);

  w.heading("Veículo");
  w.pair("Placa", model.vehicle.plate);
  w.pair("UF", model.vehicle.uf);
  w.pair("RENAVAM", model.vehicle.renavam);

  w.heading("Débitos pagos");
  for (const d of model.debts) {
    w.pair(d.title, d.amount, { bold: true });
    if (d.reference) w.text(d.reference, { size: 9, color: MUTED });
    w.text(`Situação: ${d.settlement}`, { size: 9, color: MUTED, gap: d.delisting ? 0 : 4 });
    if (d.delisting) w.text(d.delisting, { size: 9, color: MUTED, gap: 4 });
  }

  w.heading("Pagamento");
  w.pair("Forma de pagamento", model.method);
  w.pair("Soma dos débitos", formatBRL(model.debtsTotalCents));
  w.pair("Juros", formatBRL(model.interestCents));
  w.pair("Total pago", formatBRL(model.totalCents), { bold: true, size: 12 });
  w.pair("Pago em", model.paidAt);

  w.heading("Referências");
  w.pair("Nossa referência", model.references.ours);
  w.pair("paymentId", model.references.paymentId);
  w.pair("transactionId", model.references.transactionId);

  w.y -= 10;
  w.text(
    `A situação de cada débito é a de ${model.issuedAt} (horário de Brasília). ${model.quitado ? "Todos os débitos foram quitados junto ao órgão." : "A baixa de cada débito no órgão pode levar alguns dias; um novo comprovante é emitido quando todos forem quitados."}`,
    { size: 9, color: MUTED, gap: 0 },
  );
  return doc.save();
}
