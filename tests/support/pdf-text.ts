import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// Reads a PDF's text back with poppler's pdftotext, as a person's PDF reader would see it. `npm
// test` refuses to start without it (scripts/test-prerequisites.ts), so a check never skips.

export const PDFTOTEXT = "/usr/bin/pdftotext";

export function pdfText(pdf: Uint8Array): string {
  if (!existsSync(PDFTOTEXT)) throw new Error(`${PDFTOTEXT} is missing: apt-get install poppler-utils`);
  const dir = mkdtempSync(path.join(tmpdir(), "pdf-text-"));
  try {
    const file = path.join(dir, "doc.pdf");
    writeFileSync(file, pdf);
    return execFileSync(PDFTOTEXT, ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whitespace runs as one space: layout columns and wrapped lines compare as plain text. */
export const squeeze = (s: string) => s.replace(/\s+/g, " ");

/** The attachments the embedded SMTP server stored for one message (ReceivedMail.attachments). */
export function storedAttachments(json: string): { filename: string; contentType: string; size: number; content: Buffer }[] {
  return (JSON.parse(json) as { filename: string; contentType: string; size: number; base64: string }[]).map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    size: a.size,
    content: Buffer.from(a.base64, "base64"),
  }));
}
