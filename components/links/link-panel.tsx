"use client";

import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@/lib/browser/fetch-json";
import { checkoutQuery, POLL_MS } from "@/lib/browser/queries";
import { CheckoutSummary } from "@/components/pay/checkout-summary";
import { Countdown } from "@/components/pay/countdown";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { WaitingBlock } from "@/components/ui/waiting-block";
import { LinkStatusBadge } from "./link-status-badge";
import { ShareActions } from "./share-actions";

/** The dispatcher's view of one share link: hand it over, and watch it until it is paid. */
export function LinkPanel({ token, url }: { token: string; url: string }) {
  const checkout = useQuery({
    ...checkoutQuery(token),
    refetchInterval: (q) => (q.state.data?.status === "open" ? POLL_MS.checkout : false),
  });
  if (checkout.isPending)
    return <WaitingBlock title="Carregando o link" detail="Isso leva só um instante." />;
  if (checkout.isError) {
    return (
      <Alert live tone="danger" title="Não foi possível carregar o link">
        {errorMessage(checkout.error)}
      </Alert>
    );
  }
  const c = checkout.data;
  return (
    <div className="grid gap-5 lg:grid-cols-[1fr_20rem] lg:items-start">
      <div className="flex flex-col gap-5">
        <Card aria-labelledby="share-title">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="share-title" className="text-lg font-semibold text-slate-900">
              Envie o link ao cliente
            </h2>
            <LinkStatusBadge status={c.status} />
          </div>
          <div aria-live="polite">
            {c.status === "paid" && c.latestPayment ? (
              <Alert tone="success" title="O cliente já pagou este link" className="mt-3">
                <ButtonLink
                  href={`/pagamento/${c.latestPayment.ref}`}
                  variant="secondary"
                  className="mt-2"
                >
                  Ver comprovante
                </ButtonLink>
              </Alert>
            ) : c.status === "expired" ? (
              <Alert tone="warning" title="Este link expirou" className="mt-3">
                Ele não pode mais ser pago. Gere um novo em Meus links.
              </Alert>
            ) : c.status === "open" && c.unavailable ? (
              <Alert tone="warning" title="Este link não pode mais ser pago" className="mt-3">
                <p>{c.unavailable.message}</p>
                <p className="mt-1">
                  Faça uma nova consulta do veículo para gerar um link com o que ainda está em
                  aberto.
                </p>
              </Alert>
            ) : null}
          </div>
          {c.status === "open" && !c.unavailable ? (
            <>
              <div className="mt-2">
                <Countdown expiresAt={c.expiresAt} label="O link expira em" />
              </div>
              <div className="mt-4">
                <ShareActions
                  plate={c.plate}
                  amountCents={c.amountCents}
                  expiresAt={c.expiresAt}
                  url={url}
                />
              </div>
            </>
          ) : null}
        </Card>
        <ButtonLink href="/links" variant="secondary" className="self-start">
          Ver meus links
        </ButtonLink>
      </div>
      <CheckoutSummary checkout={c} />
    </div>
  );
}
