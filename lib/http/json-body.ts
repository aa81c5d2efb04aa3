import { AppError } from "@/lib/errors/app-error";

const MAX_BODY_BYTES = 64 * 1024;

/** The request's JSON body; malformed or oversized JSON is a 400, never a 500. */
export async function readJson(req: Request): Promise<unknown> {
  return parseJsonText(await req.text());
}

/** readJson on a body already read (the API keeps the text for its Idempotency-Key digest). */
export function parseJsonText(text: string): unknown {
  if (text.length > MAX_BODY_BYTES) {
    throw new AppError({ code: "BODY_TOO_LARGE" });
  }
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError({ code: "MALFORMED_JSON" });
  }
}

/** A JSON body must say so: a cross-site <form> or a no-preflight fetch can only send text/plain and forms. */
export function assertJsonBody(req: Request): void {
  const type = req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") {
    throw new AppError({ code: "UNSUPPORTED_MEDIA_TYPE" });
  }
}
