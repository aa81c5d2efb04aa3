import "server-only";
import * as z from "zod/mini";
import { AppError } from "@/lib/errors/app-error";
import { parseOrThrow } from "@/lib/http/validation";
import { IMPORT_MAX_BYTES } from "./limits";

// The import's body, `{ "text": "<the file's text or the paste>" }`: larger than the 64 KB every
// other JSON route accepts, so it is read here with its own cap (JSON escaping can double a text).

const importBodySchema = z.object({
  text: z.string({ error: "Envie o conteúdo da planilha no campo text." }),
});

const MAX_BODY_BYTES = IMPORT_MAX_BYTES * 2 + 1024;
const tooLarge = () => new AppError({ code: "IMPORT_TOO_LARGE" });

/** The body, read chunk by chunk and abandoned past the cap: a huge upload never sits in memory. */
async function cappedText(req: Request): Promise<string> {
  if (Number(req.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export async function importTextOf(req: Request): Promise<string> {
  const raw = await cappedText(req);
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new AppError({ code: "MALFORMED_JSON" });
  }
  return parseOrThrow(importBodySchema, body).text;
}
