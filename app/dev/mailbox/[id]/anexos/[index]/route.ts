// GET /dev/mailbox/{id}/anexos/{index} – one attachment of a received e-mail, as a download (test environment only).
import { AppError } from "@/lib/errors/app-error";
import { route } from "@/lib/http/handler";
import { readMailboxAttachment } from "@/lib/mail/mailbox";

export const dynamic = "force-dynamic";

/** A filename safe inside a quoted header value, and the exact one for clients that read filename*. */
function disposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export const GET = route<{ id: string; index: string }>(
  "GET /dev/mailbox/[id]/anexos/[index]",
  { stateChanging: false },
  async (_req, { id, index }) => {
    // With a live key there is no mailbox: the same 404 as a message that does not exist.
    const attachment = await readMailboxAttachment(id, index);
    if (!attachment) throw new AppError({ code: "NOT_FOUND" });
    return new Response(new Uint8Array(attachment.content), {
      headers: {
        // Served as a download only, whatever type the sender declared: never rendered on our origin.
        "content-type": attachment.contentType || "application/octet-stream",
        "content-disposition": disposition(attachment.filename),
        "x-content-type-options": "nosniff",
        "cache-control": "private, no-store",
      },
    });
  },
);
