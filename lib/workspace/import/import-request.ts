import "server-only";
import * as z from "zod/mini";
import { AppError } from "@/lib/errors/app-error";
import { parseOrThrow } from "@/lib/http/validation";
import { IMPORT_MAX_BYTES } from "./limits";

// The import's body, `{ "text": "<the file's text or the paste>" }`: larger than the 64 KB every
// other JSON route accepts, so it is read here with its own cap (JSON escaping can double a text).

const importBodySchema = z.object({ text: z.string({ error: "Envie o conteúdo da planilha no campo text." }) });

export async function importTextOf(req: Request): Promise<string> {
  const raw = await req.text();
  if (raw.length > IMPORT_MAX_BYTES * 2 + 1024) {
    throw new AppError({ code: "IMPORT_TOO_LARGE", httpStatus: 413, message: "Arquivo grande demais: o limite é 1 MB. Divida a planilha em partes." });
  }
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new AppError({ code: "MALFORMED_JSON", httpStatus: 400, message: "Requisição inválida: o corpo não é um JSON válido." });
  }
  return parseOrThrow(importBodySchema, body).text;
}
