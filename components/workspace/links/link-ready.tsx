"use client";

import { useQuery } from "@tanstack/react-query";
import { checkoutQuery } from "@/lib/browser/queries";
import { WORKSPACE_POLL_MS, type CreatedLink } from "@/lib/browser/workspace-links";
import { ShareActions } from "@/components/links/share-actions";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { SendLinkButton } from "./send-link-button";

/** `sender`: the despachante's name and office, which the WhatsApp text opens with. */
type Props = {
  link: CreatedLink;
  plate: string;
  clientName: string;
  clientPhone: string | null;
  clientHasEmail: boolean;
  sender: string;
};

/** The link just made: hand it over (copy, WhatsApp to the client, e-mail, QR), and watch it get paid. */
export function LinkReady({ link, plate, clientName, clientPhone, clientHasEmail, sender }: Props) {
  // Read from the database by any instance every 5 s; stops once paid or expired.
  const checkout = useQuery({
    ...checkoutQuery(link.token),
    refetchInterval: (q) =>
      q.state.data && q.state.data.status !== "open" ? false : WORKSPACE_POLL_MS,
  });
  const status = checkout.data?.status ?? "open";
  return (
    <Card aria-labelledby="link-ready-title">
      <h2 id="link-ready-title" className="text-lg font-semibold text-slate-900">
        Link de pagamento para {clientName}
      </h2>
      <div aria-live="polite" className="mt-3">
        {status === "paid" ? (
          <Alert tone="success" title="Pago">
            <p>{clientName} pagou este link. A baixa de cada débito aparece em Links.</p>
          </Alert>
        ) : status === "expired" ? (
          <Alert tone="warning" title="Este link expirou">
            Gere um novo em Links.
          </Alert>
        ) : (
          <p className="text-sm text-slate-700">
            Aguardando pagamento. Esta página mostra quando o cliente pagar.
          </p>
        )}
      </div>
      {status === "open" ? (
        <div className="mt-4">
          <ShareActions
            plate={plate}
            amountCents={link.amountCents}
            expiresAt={link.expiresAt}
            url={link.url}
            phone={clientPhone}
            sender={sender}
          >
            {clientHasEmail ? (
              <SendLinkButton token={link.token} />
            ) : (
              <p className="text-sm text-slate-700">
                Cadastre o e-mail do cliente para enviar por e-mail.
              </p>
            )}
          </ShareActions>
        </div>
      ) : null}
      <ButtonLink href="/painel/links" variant="secondary" className="mt-4">
        Ver todos os links
      </ButtonLink>
    </Card>
  );
}
