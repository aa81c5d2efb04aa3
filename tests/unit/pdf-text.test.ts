import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { layoutLines, pdfText } from "../support/pdf-text";

// The tests read the comprovante back with pdf.js in lines, as `pdftotext -layout` gave them:
// a row's label and value on one line, left to right, rows top to bottom, page after page.
describe("pdfText", () => {
  it("gives one line per baseline, pieces in x order, pages in order, pt-BR accents intact", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595, 842]);
    // Drawn out of order on purpose: the value before its label, the lower row first.
    page.drawText("R$ 13,90", { x: 480, y: 700, size: 10, font });
    page.drawText("Juros", { x: 56, y: 700, size: 10, font });
    page.drawText("Soma dos débitos", { x: 56, y: 716, size: 10, font });
    page.drawText("R$ 195,23", { x: 475, y: 716.5, size: 10, font });
    doc.addPage([595, 842]).drawText("Comprovante — quitado", { x: 56, y: 800, size: 18, font });
    const text = await pdfText(await doc.save());
    expect(text.split("\n")).toEqual([
      "Soma dos débitos R$ 195,23",
      "Juros R$ 13,90",
      "\f" + "Comprovante — quitado",
    ]);
  });

  it("joins pieces that touch without a space", () => {
    const piece = (str: string, x: number, width: number) => ({
      str,
      transform: [1, 0, 0, 1, x, 10],
      width,
    });
    expect(layoutLines([piece("quit", 0, 20), piece("ado", 20, 15), piece("em", 40, 10)])).toBe(
      "quitado em",
    );
  });
});
