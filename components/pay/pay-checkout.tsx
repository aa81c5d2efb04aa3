"use client";

import { useQuery } from "@tanstack/react-query";
import { lazy, memo, Suspense, useDeferredValue, useEffect, useState } from "react";
import { ApiError, errorMessage } from "@/lib/browser/fetch-json";
import { checkoutQuery, seededWith } from "@/lib/browser/queries";
import { assertNever } from "@/lib/rules/exhaustive";
import { formatDateTimeBR } from "@/lib/rules/money";
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from "@/lib/rules/payment-method";
import type { CheckoutView, PaymentView } from "@/lib/browser/types";
import { HydrateApart } from "@/components/forms/hydrate-apart";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { WaitingBlock } from "@/components/ui/waiting-block";
import { Card } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import type { PayHelp } from "./payment-help";
import { CardPaymentForm } from "./card-payment-form";
import { CheckoutSummary } from "./checkout-summary";
import { RepayButton, SuccessorLink } from "./repay-link";
import { ShareDetails } from "./share-details";

// The PIX part (its code, reading the BR Code, the renewal, the countdown: ~5 KB gzipped) is drawn
// only once the person picks PIX, or for a PIX already waiting: it is not in the scripts the page
// needs before it can be used, and it is fetched while the page is idle (below), so picking PIX
// does not wait on the network. A PIX already waiting is rendered on the server; its HTML stays as
// it is until the chunk is there, then hydrates. React's lazy rather than next/dynamic: the same
// split without next/dynamic's own modules (about 2.5 KB gzipped) in the page's first load.
const loadPixPayment = () => import("./pix-payment");
const PixPayment = lazy(() => loadPixPayment().then((m) => ({ default: m.PixPayment })));

function usePreloadWhenIdle(load: () => Promise<unknown>) {
  useEffect(() => {
    const preload = () => void load().catch(() => undefined);
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(preload, { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(preload, 1000);
    return () => clearTimeout(timer);
  }, [load]);
}

/** A card attempt that may still charge: the form stays closed until it ends (any final status). */
const cardInFlight = (p: PaymentView): boolean => p.method === "credit_card" && !p.isFinal;

function initialMethod(checkout: CheckoutView): PaymentMethod {
  const latest = checkout.latestPayment ?? null;
  return latest?.method === "pix" && latest.status === "awaiting_payment" ? "pix" : "credit_card";
}

/**
 * Pays a checkout by card or PIX. Knows only the checkout, so the owner's flow and a dispatcher's
 * share link render the same component inside their own page chrome.
 */
export function PayCheckout({ initial, help }: { initial: CheckoutView; help?: PayHelp }) {
  const query = useQuery({ ...checkoutQuery(initial.token), ...seededWith(initial) });
  // React Query publishes through useSyncExternalStore, whose updates render in one blocking task;
  // deferred, a polled checkout renders in React's interruptible background pass instead (no long
  // task on a slow phone).
  const checkout = useDeferredValue(query.data);
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Alert
        live
        tone="danger"
        title={missing ? "Link de pagamento inválido" : "Não foi possível carregar o pagamento"}
      >
        <p>{missing ? "Confira o endereço ou peça um novo link." : errorMessage(query.error)}</p>
      </Alert>
    );
  }
  return <OpenCheckout checkout={checkout} help={help} />;
}

function AnswerDeadline({ answerBy }: { answerBy: string }) {
  return (
    <p className="mt-1">
      A operadora ainda não respondeu. Se não confirmar até {formatDateTimeBR(answerBy)}, encerramos
      a tentativa sem cobrança e você poderá pagar de novo.
    </p>
  );
}

// memo: the deferred value only helps if the urgent render can skip this subtree. When a poll
// answers (a useSyncExternalStore update, rendered synchronously), PayCheckout renders again with
// the old deferred value; without memo the whole checkout would render again with it, in one
// blocking task, before the background pass renders it with the new one.
const OpenCheckout = memo(function OpenCheckout({
  checkout,
  help = {},
}: {
  checkout: CheckoutView;
  help?: PayHelp;
}) {
  const latest = checkout.latestPayment ?? null;
  const [method, setMethod] = useState<PaymentMethod>(() => initialMethod(checkout));
  const [refused, setRefused] = useState<PaymentView | null>(
    latest?.method === "credit_card" && latest.status === "refused" ? latest : null,
  );
  const shared = checkout.kind === "share";
  usePreloadWhenIdle(loadPixPayment);

  return (
    <div className="grid gap-5 lg:grid-cols-[1fr_20rem] lg:items-start">
      <div className="flex flex-col gap-5">
        {checkout.status === "paid" && latest ? (
          <Alert tone="success" title="Este pagamento já foi feito">
            <ButtonLink href={`/pagamento/${latest.ref}`} variant="secondary" className="mt-2">
              Ver comprovante e acompanhamento
            </ButtonLink>
          </Alert>
        ) : shared && checkout.successor ? (
          // Made from this link when its PIX could not be shown: that one is where to pay now (its
          // payments hold these debts, so this link would refuse them anyway).
          <Alert
            live
            tone="info"
            title={
              checkout.successor.status === "paid"
                ? "Estes débitos foram pagos por um novo pagamento"
                : "Há um novo pagamento para estes débitos"
            }
          >
            <SuccessorLink successor={checkout.successor} />
          </Alert>
        ) : checkout.status === "expired" ? (
          <Alert tone="warning" title="Este link de pagamento expirou">
            {shared ? (
              <p>
                Nenhum valor foi cobrado e ele não pode mais ser pago. Peça um novo link a quem
                enviou este.
              </p>
            ) : (
              <>
                Nenhum valor foi cobrado. Faça uma nova consulta para gerar outro pagamento.
                <ButtonLink href="/" variant="secondary" className="mt-3 flex w-fit">
                  Fazer nova consulta
                </ButtonLink>
              </>
            )}
          </Alert>
        ) : checkout.unavailable ? (
          <Alert
            live
            tone="warning"
            title={
              checkout.unavailable.code === "DEBT_IN_PAYMENT"
                ? "Este link não pode ser pago agora"
                : "Este link não pode mais ser pago"
            }
          >
            <p>{checkout.unavailable.message}</p>
            {shared ? (
              <p className="mt-1">
                Nenhum valor foi cobrado por este link. Peça um novo link a quem enviou este.
              </p>
            ) : (
              <>
                <p className="mt-1">
                  Nenhum valor foi cobrado por este pagamento. Faça uma nova consulta para ver o que
                  ainda está em aberto.
                </p>
                <ButtonLink href="/" variant="secondary" className="mt-3 flex w-fit">
                  Fazer nova consulta
                </ButtonLink>
              </>
            )}
          </Alert>
        ) : latest?.status === "abandoned" ? (
          // The upstream still holds that PIX open on this link until it expires, so a new attempt
          // here would be refused: the debts are free for a new payment instead (a shared link's
          // payer makes it here, a new link of the same sender).
          <Alert live tone="warning" title="O código PIX não pôde ser mostrado">
            <p>{latest.failureMessage}</p>
            {shared ? (
              <RepayButton token={checkout.token} />
            ) : (
              <>
                <p className="mt-1">
                  Para pagar agora, faça uma nova consulta e gere outro pagamento.
                </p>
                <ButtonLink href="/" variant="secondary" className="mt-3 flex w-fit">
                  Fazer nova consulta
                </ButtonLink>
              </>
            )}
          </Alert>
        ) : latest && cardInFlight(latest) ? (
          <Alert tone="info" title="Há um pagamento com cartão em andamento">
            {help.inFlight}
            {latest.answerBy ? <AnswerDeadline answerBy={latest.answerBy} /> : null}
            <ButtonLink href={`/pagamento/${latest.ref}`} variant="secondary" className="mt-2">
              Acompanhar o pagamento
            </ButtonLink>
          </Alert>
        ) : (
          <>
            {latest?.status === "not_created" ? (
              <Alert live tone="warning" title="A tentativa anterior não foi realizada">
                A operadora não registrou o pagamento anterior: nenhum valor foi cobrado. Você pode
                pagar de novo abaixo.
              </Alert>
            ) : null}
            {shared ? <ShareDetails checkout={checkout} /> : null}
            <Card aria-labelledby="method-title">
              <h2 id="method-title" className="text-lg font-semibold text-slate-900">
                Forma de pagamento
              </h2>
              <div
                role="radiogroup"
                aria-label="Forma de pagamento"
                className="mt-3 grid grid-cols-2 gap-2"
              >
                {PAYMENT_METHODS.map((m) => (
                  <button
                    key={m}
                    type="button"
                    role="radio"
                    aria-checked={method === m}
                    onClick={() => setMethod(m)}
                    className={cx(
                      "min-h-11 rounded-lg border px-3 py-2 font-semibold",
                      method === m
                        ? "border-brand-600 bg-brand-50 text-brand-800 ring-1 ring-brand-600"
                        : "border-slate-300 bg-white text-slate-800",
                    )}
                  >
                    {PAYMENT_METHOD_LABELS[m]}
                  </button>
                ))}
              </div>
              <div className="mt-5">
                {method === "credit_card" ? (
                  <HydrateApart>
                    <CardPaymentForm
                      token={checkout.token}
                      amountCents={checkout.amountCents}
                      refused={refused}
                      onRefused={setRefused}
                      onUsePix={() => setMethod("pix")}
                      refusedHelp={help.cardRefused}
                    />
                  </HydrateApart>
                ) : method === "pix" ? (
                  <Suspense
                    fallback={
                      <WaitingBlock
                        title="Preparando o PIX"
                        detail="Carregando o código e as instruções de pagamento, leva um instante."
                      />
                    }
                  >
                    <PixPayment
                      token={checkout.token}
                      initial={
                        latest?.method === "pix" && latest.status !== "not_created" ? latest : null
                      }
                      debts={checkout.debts}
                      payee={help.pixPayee}
                    />
                  </Suspense>
                ) : (
                  assertNever(method, "payment method")
                )}
              </div>
            </Card>
          </>
        )}
      </div>
      {/* A recipient sees what the link is for before anything else, phones included. */}
      <CheckoutSummary
        checkout={checkout}
        className={shared && checkout.status === "open" ? "max-lg:order-first" : undefined}
        payer={!(shared && checkout.status === "open")}
      />
    </div>
  );
});
