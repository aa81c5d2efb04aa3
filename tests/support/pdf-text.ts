import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Page } from "@playwright/test";

// Reads a PDF back as a person's PDF reader would: pdf.js (pdfjs-dist, Mozilla's reader, the one in
// Firefox), from npm, so the tests need no system tool. The text comes back in lines like
// `pdftotext -layout` gave: the pieces drawn on one baseline form one line, left to right, with a
// space between pieces that do not touch; lines from the top of the page down, page after page.

type TextPiece = { str: string; transform: number[]; width: number };

/** The PDF's text, one line per baseline (see above). */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  // pdf.js takes ownership of (detaches) the buffer it reads: give it a copy.
  const doc = await getDocument({
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(
        layoutLines(
          content.items.filter((i): i is TextPiece & typeof i => "str" in i && i.str !== ""),
        ),
      );
    }
    return pages.join("\n\f");
  } finally {
    await doc.destroy();
  }
}

/** Pieces on one baseline (within 2 points) as one line; lines top to bottom. */
export function layoutLines(pieces: TextPiece[]): string {
  const lines: { y: number; pieces: TextPiece[] }[] = [];
  for (const piece of pieces) {
    const y = piece.transform[5]!;
    const line = lines.find((l) => Math.abs(l.y - y) <= 2);
    if (line) line.pieces.push(piece);
    else lines.push({ y, pieces: [piece] });
  }
  return lines
    .sort((a, b) => b.y - a.y)
    .map(({ pieces: row }) => {
      row.sort((a, b) => a.transform[4]! - b.transform[4]!);
      let text = "";
      let end = -Infinity;
      for (const p of row) {
        const x = p.transform[4]!;
        text += text && x - end > 0.5 ? ` ${p.str}` : p.str;
        end = x + p.width;
      }
      return text;
    })
    .join("\n");
}

/** Whitespace runs as one space: layout columns and wrapped lines compare as plain text. */
export const squeeze = (s: string) => s.replace(/\s+/g, " ");

/**
 * Draws a PDF's first page in the browser (pdf.js's own build, in a page of `page`'s context),
 * at `dpi`, and saves it as a PNG. Answers how much of the drawing is not white (0 to 1), so a
 * test can tell a drawn page from a blank one.
 */
export async function renderPdfFirstPage(
  page: Page,
  pdf: Uint8Array,
  file: string,
  dpi = 80,
): Promise<number> {
  const build = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/build/pdf.mjs"));
  const origin = "http://pdf-render.invalid";
  const html = `<!doctype html><body style="margin:0;background:#fff"><canvas id="c"></canvas><script type="module">
    import * as pdfjs from "./pdf.mjs";
    pdfjs.GlobalWorkerOptions.workerSrc = "./pdf.worker.mjs";
    try {
      const doc = await pdfjs.getDocument({ url: "./doc.pdf" }).promise;
      const p = await doc.getPage(1);
      const viewport = p.getViewport({ scale: ${dpi} / 72 });
      const canvas = document.getElementById("c");
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      const ctx = canvas.getContext("2d");
      await p.render({ canvas, canvasContext: ctx, viewport }).promise;
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      let inked = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200)) inked++;
      window.__rendered = { inked: inked / (data.length / 4) };
    } catch (error) {
      window.__rendered = { error: String(error) };
    }
  </script></body>`;
  await page.route(`${origin}/**`, (route) => {
    const name = new URL(route.request().url()).pathname.slice(1);
    if (name === "") return route.fulfill({ contentType: "text/html", body: html });
    if (name === "doc.pdf")
      return route.fulfill({ contentType: "application/pdf", body: Buffer.from(pdf) });
    if (name === "pdf.mjs" || name === "pdf.worker.mjs")
      return route.fulfill({
        contentType: "text/javascript",
        body: readFileSync(path.join(build, name)),
      });
    return route.fulfill({ status: 404, body: "" });
  });
  await page.goto(`${origin}/`);
  const handle = await page.waitForFunction(
    () => (window as unknown as { __rendered?: unknown }).__rendered,
    undefined,
    { timeout: 30_000 },
  );
  const result = (await handle.jsonValue()) as { inked?: number; error?: string };
  if (result.error !== undefined) throw new Error(`pdf.js could not draw the PDF: ${result.error}`);
  await page.locator("#c").screenshot({ path: file });
  return result.inked!;
}

/** The attachments the embedded SMTP server stored for one message (ReceivedMail.attachments). */
export function storedAttachments(
  json: string,
): { filename: string; contentType: string; size: number; content: Buffer }[] {
  return (
    JSON.parse(json) as { filename: string; contentType: string; size: number; base64: string }[]
  ).map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    size: a.size,
    content: Buffer.from(a.base64, "base64"),
  }));
}
