"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { errorMessage } from "@/lib/browser/fetch-json";
import { createPayment } from "@/lib/browser/mutations";
import { paymentQuery, queryKeys } from "@/lib/browser/queries";
import type { CheckoutView, PaymentView } from "@/lib/browser/types";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { WaitingBlock } from "@/components/ui/waiting-block";
import { PixAnnouncer } from "./pix-announcer";
import { PixCode } from "./pix-code";
import { usePixRenewal } from "./use-pix-renewal";
import { useRefreshOnClosed } from "./use-checkout-closed";

/** debts: what the code pays, listed beside it; payee: who receives it and why (server-rendered). */
type Props = {
  token: string;
  initial?: PaymentView | null;
  debts: CheckoutView["debts"];
  payee?: ReactNode;
};

/** Generates a PIX code, watches it, replaces it by itself when it expires, and moves on once it is paid. */
export function PixPayment({ token, initial, debts, payee }: Props) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<PaymentView | null>(initial ?? null);
  const [expiredLocally, setExpiredLocally] = useState(false);
  const refreshOnClosed = useRefreshOnClosed(token);
  const [emailPix, setEmailPix] = useState(false);
  // One attemptId per code request: a double tap reuses it and gets the same payment back.
  const generate = useMutation({
    mutationFn: (attemptId: string) => createPayment(token, { attemptId, method: "pix", emailPix }),
    onSuccess: (payment) => {
      queryClient.setQueryData(queryKeys.payment(payment.ref), payment);
      setExpiredLocally(false);
      setCurrent(payment);
    },
    onError: refreshOnClosed,
  });
  const watched = useQuery({
    ...paymentQuery(current?.ref ?? ""),
    enabled: Boolean(current),
    initialData: current ?? undefined,
  });
  const payment = watched.data ?? current;

  useEffect(() => {
    if (payment?.status === "paid") router.push(`/pagamento/${payment.ref}`);
  }, [payment?.status, payment?.ref, router]);
  // Ended without a code: this checkout takes no new attempt until that PIX expires upstream, so
  // the page is drawn again with its way forward (a new payment of the same debts).
  useEffect(() => {
    if (payment?.status === "abandoned")
      void queryClient.invalidateQueries({ queryKey: queryKeys.checkout(token) });
  }, [payment?.status, queryClient, token]);

  const onExpire = useCallback(() => setExpiredLocally(true), []);
  const request = () => {
    if (!generate.isPending) generate.mutate(crypto.randomUUID());
  };

  const expired = payment?.status === "expired" || (expiredLocally && payment?.status !== "paid");
  const renewal = usePixRenewal(payment ?? null, expired, (next) => {
    setExpiredLocally(false);
    setCurrent(next);
  });
  // Mounted once for every state below, so its text changes are announced (a live region that
  // mounts with its text is often not).
  const announcer = (
    <PixAnnouncer
      expiresAt={expired ? undefined : payment?.pix?.expiresAt}
      renewing={renewal.renewing}
      renewedAt={renewal.renewedAt}
    />
  );
  return (
    <div className="flex flex-col">
      {announcer}
      {pixStep()}
    </div>
  );

  function pixStep(): ReactNode {
    if (renewal.renewing) {
      // The old code leaves the screen at once: nobody should copy a code that no longer pays.
      return (
        <WaitingBlock
          title="Gerando um novo código PIX"
          detail="O código anterior expirou sem pagamento e não vale mais. O novo, com o mesmo valor, aparece em poucos segundos."
        />
      );
    }
    if (
      !payment ||
      (payment.status !== "awaiting_payment" && payment.status !== "paid" && !expired)
    ) {
      return (
        <div className="flex flex-col gap-3">
          <p className="text-slate-700">
            Geramos um código PIX válido por 30 minutos. O pagamento cai na hora e esta página
            avança sozinha.
          </p>
          {generate.isError ? (
            <Alert live tone="danger" title="Não foi possível gerar o código PIX">
              {errorMessage(generate.error)}
            </Alert>
          ) : null}
          {payment?.status === "refused" ? (
            <Alert live tone="danger" title="O PIX não foi aceito">
              {payment.failureMessage ?? "Gere um novo código e tente de novo."}
            </Alert>
          ) : null}
          {payment?.status === "abandoned" ? (
            <Alert live tone="warning" title="O código PIX não pôde ser mostrado">
              {payment.failureMessage} Carregando o caminho para pagar agora…
            </Alert>
          ) : null}
          {payment?.status === "not_created" ? (
            <Alert live tone="warning" title="O código PIX não foi gerado">
              A operadora não registrou o pedido: nenhum valor foi cobrado. Gere um novo código.
            </Alert>
          ) : null}
          {payment?.status === "abandoned" ? null : (
            <>
              <label className="flex items-center gap-3 text-slate-800">
                <input
                  type="checkbox"
                  checked={emailPix}
                  onChange={(e) => setEmailPix(e.target.checked)}
                  className="h-5 w-5 accent-emerald-700"
                />
                Enviar o código PIX por e-mail
              </label>
              <Button
                onClick={request}
                pending={generate.isPending}
                pendingLabel="Gerando código PIX…"
                className="w-full sm:w-auto sm:self-start"
              >
                Gerar código PIX
              </Button>
            </>
          )}
        </div>
      );
    }
    if (payment.status === "paid")
      return (
        <WaitingBlock title="Pagamento recebido!" detail="Abrindo o acompanhamento do pagamento…" />
      );
    if (expired) {
      // Reached only when renewing by itself stopped: an error, or several codes in a row unused.
      return (
        <div className="flex flex-col gap-3">
          <Alert live tone="warning" title="O código PIX expirou">
            Nenhum valor foi cobrado. Gere um novo código para pagar.
          </Alert>
          {renewal.error ? (
            <Alert live tone="danger" title="Não foi possível gerar o código PIX">
              {errorMessage(renewal.error)}
            </Alert>
          ) : null}
          <Button onClick={renewal.renewNow} className="w-full sm:w-auto sm:self-start">
            Gerar novo código PIX
          </Button>
        </div>
      );
    }
    return (
      <div className="flex flex-col gap-4">
        {payment.pix ? (
          <PixCode
            code={payment.pix.qrCode}
            expiresAt={payment.pix.expiresAt}
            amountCents={payment.amountCents}
            debts={debts}
            payee={payee}
            onExpire={onExpire}
          />
        ) : null}
        {payment.pix ? (
          <WaitingBlock
            title="Aguardando o pagamento"
            detail="Assim que o banco confirmar (costuma levar poucos segundos após o pagamento), esta página avança sozinha."
          />
        ) : (
          // Never "waiting" with nothing to pay: the code is fetched again, or the attempt ends.
          <WaitingBlock
            title="Buscando o código PIX"
            detail="A operadora registrou o PIX, mas o código ainda não chegou até nós. Esta página atualiza sozinha: ou ele aparece, ou a tentativa é encerrada sem cobrança."
          />
        )}
      </div>
    );
  }
}
