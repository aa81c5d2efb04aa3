"use client";

import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@/lib/browser/fetch-json";
import { linksQuery } from "@/lib/browser/queries";
import type { LinkView } from "@/lib/browser/types";
import { formatDateTimeBR } from "@/lib/rules/money";
import { liquidationStatusLabel, paymentStatusLabel } from "@/lib/rules/payment-status";
import { formatPlate } from "@/lib/rules/plate";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Money } from "@/components/ui/money";
import { WaitingBlock } from "@/components/ui/waiting-block";
import { DelistingMark } from "./delisting-mark";
import { LinkStatusBadge } from "./link-status-badge";
import { RenewLinkButton } from "./renew-link-button";

/** "Meus links": polled (linksQuery), so a client's payment shows up here without a reload. */
export function LinksList() {
  const links = useQuery(linksQuery());
  if (links.isPending)
    return <WaitingBlock title="Carregando seus links" detail="Isso leva só um instante." />;
  if (links.isError) {
    return (
      <Alert live tone="danger" title="Não foi possível carregar seus links">
        {errorMessage(links.error)}
      </Alert>
    );
  }
  if (links.data.links.length === 0) {
    return (
      <Card>
        <p className="text-slate-800">Nenhum link gerado neste navegador ainda.</p>
        <p className="mt-1 text-sm text-slate-700">
          Faça a consulta do veículo do cliente, escolha os débitos e use “Gerar link de pagamento”.
        </p>
        <ButtonLink href="/" variant="secondary" className="mt-4">
          Fazer uma consulta
        </ButtonLink>
      </Card>
    );
  }
  return (
    <ul className="flex flex-col gap-4" aria-label="Links de pagamento">
      {links.data.links.map((link) => (
        <LinkItem key={link.token} link={link} />
      ))}
    </ul>
  );
}

function Settlement({ payment }: { payment: NonNullable<LinkView["payment"]> }) {
  const counts =
    payment.debtsTotal > 0
      ? ` · ${payment.debtsSettled} de ${payment.debtsTotal} débitos quitados`
      : "";
  return (
    <p className="text-sm text-slate-700">
      Pago em {payment.paidAt ? formatDateTimeBR(payment.paidAt) : "—"} ·{" "}
      {liquidationStatusLabel(payment.liquidationStatus)}
      {counts}
    </p>
  );
}

/** Where the client's latest attempt stands, when it is not a payment yet (docs/payment-states.md). */
function LastAttempt({ status }: { status: string }) {
  if (status === "not_created") {
    return (
      <p className="text-sm text-slate-700">
        Última tentativa não realizada pela operadora: nada foi cobrado e o cliente pode pagar de
        novo.
      </p>
    );
  }
  if (status === "abandoned") {
    return (
      <p className="text-sm text-slate-700">
        Última tentativa encerrada: o código PIX não chegou até nós e nada foi cobrado. Este link
        não aceita outro pagamento por enquanto: o cliente pode gerar um novo pagamento pelo próprio
        link, ou gere um novo link aqui.
      </p>
    );
  }
  if (status === "refused" || status === "expired") return null;
  return (
    <p className="text-sm text-slate-700">
      Pagamento em andamento: {paymentStatusLabel(status).toLowerCase()}.
    </p>
  );
}

function LinkItem({ link }: { link: LinkView }) {
  const paid = link.status === "paid" ? link.payment : undefined;
  return (
    <li
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-label={`Link do veículo ${formatPlate(link.plate)} para ${link.customerName}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-slate-900">
            {formatPlate(link.plate)} · {link.uf}
          </p>
          <p className="text-sm text-slate-700">
            Para {link.customerName} · {link.debtCount}{" "}
            {link.debtCount === 1 ? "débito" : "débitos"}
          </p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <Money cents={link.amountCents} className="text-lg font-bold text-slate-900" />
          <LinkStatusBadge status={link.status} />
          {paid ? <DelistingMark state={link.delisting} /> : null}
        </div>
      </div>
      <div className="mt-3 flex flex-col gap-1">
        <p className="text-sm text-slate-700">Gerado em {formatDateTimeBR(link.createdAt)}</p>
        {paid ? (
          <Settlement payment={paid} />
        ) : (
          <p className="text-sm text-slate-700">
            {link.status === "expired" ? "Expirou em" : "Válido até"}{" "}
            {formatDateTimeBR(link.expiresAt)}
          </p>
        )}
        {!paid && link.payment ? <LastAttempt status={link.payment.status} /> : null}
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        {paid ? (
          <ButtonLink href={`/pagamento/${paid.ref}`} variant="secondary">
            Ver comprovante
          </ButtonLink>
        ) : link.status === "open" && link.payment?.status !== "abandoned" ? (
          <ButtonLink href={`/links/${link.token}`} variant="secondary">
            Enviar de novo
          </ButtonLink>
        ) : link.renewedBy ? (
          <p className="text-sm text-slate-700">Um novo link foi gerado para estes débitos.</p>
        ) : (
          <RenewLinkButton token={link.token} />
        )}
      </div>
    </li>
  );
}
