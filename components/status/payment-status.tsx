"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useDeferredValue, useEffect, type ReactNode } from "react";
import { ApiError, errorMessage } from "@/lib/browser/fetch-json";
import { paymentQuery, seededWith } from "@/lib/browser/queries";
import type { PaymentView } from "@/lib/browser/types";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { PaymentTimeline } from "./payment-timeline";
import { Receipt } from "./receipt";
import { SettlementList } from "./settlement-list";
import { StatusHeadline } from "./status-headline";
import type { StatusHelp } from "@/components/pay/payment-help";

/**
 * Polls the payment until it is final (and, once paid, until every debt is settled). vehicle,
 * afterPaying and help: server-rendered parts (the vehicle above the debts; text for the paid,
 * in-analysis and refused states).
 */
export function PaymentStatus({
  initial,
  vehicle,
  afterPaying,
  help,
}: {
  initial: PaymentView;
  vehicle?: ReactNode;
  afterPaying?: ReactNode;
  help?: StatusHelp;
}) {
  const query = useQuery({ ...paymentQuery(initial.ref), ...seededWith(initial) });
  // Rendered from a deferred copy, like the lookup and pay pages: React Query's updates render in
  // one blocking task, the deferred pass yields to the browser.
  const payment = useDeferredValue(query.data);
  // The delisting checks come with a settled payment's answer; a poll that lacks them (answered
  // before the watch existed, or by an older server) keeps what the page already showed.
  const delisting = payment.delisting ?? initial.delisting;
  const router = useRouter();
  // Renewed while this page was open (the PIX page in another tab): follow the new code.
  useEffect(() => {
    if (payment.renewedTo) router.replace(`/pagamento/${payment.renewedTo}`);
  }, [payment.renewedTo, router]);
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Alert
        live
        tone="danger"
        title={missing ? "Pagamento não encontrado" : "Não foi possível carregar o pagamento"}
      >
        {missing ? "Confira o endereço desta página." : errorMessage(query.error)}
      </Alert>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <StatusHeadline payment={payment} help={help} {...(delisting ? { delisting } : {})} />
      {vehicle}
      {payment.status === "paid" ? (
        <>
          <Receipt payment={payment} {...(delisting ? { delisting } : {})} />
          {afterPaying}
        </>
      ) : (
        <Card aria-labelledby="debts-title">
          <h2 id="debts-title" className="text-lg font-semibold text-slate-900">
            Débitos deste pagamento
          </h2>
          <SettlementList debts={payment.debts} settlement={false} />
        </Card>
      )}
      <Card aria-labelledby="timeline-title" className="print:hidden">
        <h2 id="timeline-title" className="mb-4 text-lg font-semibold text-slate-900">
          Histórico
        </h2>
        <PaymentTimeline timeline={payment.timeline} />
      </Card>
    </div>
  );
}
