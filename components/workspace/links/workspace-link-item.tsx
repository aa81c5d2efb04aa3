"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/lib/browser/fetch-json";
import { renewWorkspaceLink, type AccountLinkView } from "@/lib/browser/workspace-links";
import { formatDateTimeBR } from "@/lib/rules/money";
import { shareMessage, whatsappShareUrl } from "@/lib/rules/share-message";
import { formatPlate } from "@/lib/rules/plate";
import { Button, ButtonLink, buttonClass } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Money } from "@/components/ui/money";
import { DelistingMark } from "@/components/links/delisting-mark";
import { LinkStageBadge } from "./link-stage-badge";
import { SendLinkButton } from "./send-link-button";

function RenewButton({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const renew = useMutation({
    mutationFn: () => renewWorkspaceLink(token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["workspace", "links"] }),
  });
  return (
    <div className="flex flex-col gap-1">
      <Button
        variant="secondary"
        onClick={() => renew.mutate()}
        pending={renew.isPending}
        pendingLabel="Gerando novo link…"
        disabled={renew.isSuccess}
      >
        Gerar novo link
      </Button>
      <p aria-live="polite" className="text-sm text-red-800">
        {renew.isError ? errorMessage(renew.error) : ""}
      </p>
    </div>
  );
}

/** One link: who, what, its live state, and the one next action that state calls for. */
export function WorkspaceLinkItem({ link, sender }: { link: AccountLinkView; sender: string }) {
  const plate = formatPlate(link.plate);
  const inputId = `url-${link.token}`;
  return (
    <li
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      aria-label={`Link do veículo ${plate}`}
      data-token={link.token}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-slate-900">
            {plate} · {link.uf}
          </p>
          <p className="text-sm text-slate-700">
            {link.debtCount} {link.debtCount === 1 ? "débito" : "débitos"} · gerado em{" "}
            {formatDateTimeBR(link.createdAt)}
          </p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <Money cents={link.amountCents} className="text-lg font-bold text-slate-900" />
          <LinkStageBadge stage={link.stage} />
          <DelistingMark state={link.delisting} />
        </div>
      </div>
      <div className="mt-2 text-sm text-slate-700">
        {link.payment?.paidAt && (link.stage === "paid" || link.stage === "settled") ? (
          <p>
            Pago em {formatDateTimeBR(link.payment.paidAt)}
            {link.payment.debtsTotal > 0
              ? ` · ${link.payment.debtsSettled} de ${link.payment.debtsTotal} débitos baixados`
              : ""}
          </p>
        ) : (
          <p>
            {link.stage === "expired" ? "Expirou em" : "Válido até"}{" "}
            {formatDateTimeBR(link.expiresAt)}
          </p>
        )}
      </div>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
        {link.payment && (link.stage === "paid" || link.stage === "settled") ? (
          <ButtonLink href={`/pagamento/${link.payment.ref}`} variant="secondary">
            Ver comprovante
          </ButtonLink>
        ) : link.stage === "open" && link.payment?.status !== "abandoned" ? (
          // An open link whose PIX ended abandoned takes no payment until that PIX expires upstream:
          // renewed like an expired one.
          <>
            <input
              id={inputId}
              readOnly
              value={link.url}
              aria-label={`Link de pagamento do veículo ${plate}`}
              className="sr-only"
            />
            <CopyButton text={link.url} inputId={inputId} label="Copiar link" variant="secondary" />
            <a
              href={whatsappShareUrl(
                shareMessage({
                  plate: link.plate,
                  amountCents: link.amountCents,
                  expiresAt: link.expiresAt,
                  url: link.url,
                  sender,
                }),
                link.clientPhone,
              )}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass("secondary")}
            >
              Enviar pelo WhatsApp
            </a>
            <SendLinkButton token={link.token} />
          </>
        ) : link.renewedBy ? (
          <p className="text-sm text-slate-700">Um novo link foi gerado para estes débitos.</p>
        ) : (
          <RenewButton token={link.token} />
        )}
      </div>
    </li>
  );
}
