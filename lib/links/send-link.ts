import "server-only";
import type { WorkspaceUser } from "@/lib/auth/session";
import { checkoutStatus } from "@/lib/checkouts/find-checkout";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { moduleLogger } from "@/lib/log/logger";
import { queuePaymentLinkMail } from "@/lib/mail/workspace-mails";
import { kickOutbox } from "@/lib/mail/worker";
import { maskEmail } from "@/lib/rules/cpf-cnpj";
import { senderName } from "@/lib/rules/sender-name";
import { findAccountLinkOrThrow, shareUrl } from "./owned-link";

const log = moduleLogger("send-link");

/**
 * "Enviar por e-mail": the account's open link to its client's address (the client record's
 * e-mail now, else the one the link was made with). Queued in the outbox once per link and
 * address (a second click or a retried request sends nothing more), then the outbox is woken.
 */
export async function sendAccountLink(
  user: WorkspaceUser,
  token: string,
): Promise<{ queued: boolean; to: string }> {
  const link = await findAccountLinkOrThrow(token, user.id);
  const status = await checkoutStatus(link);
  if (status !== "open") {
    throw new AppError({
      code: status === "paid" ? "CHECKOUT_ALREADY_PAID" : "LINK_EXPIRED",
      message:
        status === "paid"
          ? "Este link já foi pago: não é preciso enviá-lo."
          : "Este link expirou. Gere um novo link antes de enviar.",
    });
  }
  const client = link.clientId
    ? await db.workspaceClient.findFirst({
        where: { id: link.clientId, userId: user.id },
        select: { name: true, email: true },
      })
    : null;
  const to = client?.email || link.customerEmail;
  const queued = await db.$transaction((tx) =>
    queuePaymentLinkMail(tx, link.id, to, {
      clientName: (client?.name ?? link.customerName).split(" ")[0] ?? link.customerName,
      despachanteName: senderName(user),
      plate: link.plate,
      amountCents: link.amountCents,
      payUrl: shareUrl(link.publicToken),
    }),
  );
  if (queued) void kickOutbox();
  log.info({ queued }, "payment link mail");
  return { queued, to: maskEmail(to) };
}
