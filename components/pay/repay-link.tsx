"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { errorMessage } from "@/lib/browser/fetch-json";
import { repayLink } from "@/lib/browser/mutations";
import type { CheckoutView } from "@/lib/browser/types";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";

// A shared link whose PIX ended abandoned: the upstream refuses another payment on it until that
// PIX expires, so the payer makes a new payment of the same debts here (a new link, still the
// sender's), or, once one was made, is sent to it. The server decides which (lib/links/renew-link.ts).

/** Where this link's replacement is (open, or paid through it). */
export function SuccessorLink({
  successor,
}: {
  successor: NonNullable<CheckoutView["successor"]>;
}) {
  return (
    <>
      <p>
        {successor.status === "paid"
          ? "O pagamento foi feito por um novo link gerado a partir deste, porque o código PIX deste não pôde ser mostrado."
          : "O código PIX deste link não pôde ser mostrado, e um novo pagamento destes débitos já foi gerado a partir dele: pague por lá, com PIX ou cartão."}
      </p>
      <ButtonLink href={`/pagar/${successor.token}`} className="mt-3 flex w-fit">
        {successor.status === "paid" ? "Ver o novo pagamento" : "Ir para o novo pagamento"}
      </ButtonLink>
    </>
  );
}

/** The way forward on a shared link whose PIX code could not be shown (and not yet replaced). */
export function RepayButton({ token }: { token: string }) {
  const router = useRouter();
  const repay = useMutation({
    mutationFn: () => repayLink(token),
    onSuccess: (created) => router.push(`/pagar/${created.token}`),
  });
  return (
    <>
      <p className="mt-1">
        Gere um novo pagamento destes mesmos débitos e pague na hora, com PIX ou cartão.
      </p>
      <Button
        onClick={() => repay.mutate()}
        pending={repay.isPending || repay.isSuccess}
        pendingLabel="Gerando novo pagamento…"
        className="mt-3 flex w-fit"
      >
        Gerar novo pagamento
      </Button>
      {repay.isError ? (
        <Alert live tone="danger" title="Não foi possível gerar um novo pagamento" className="mt-3">
          {errorMessage(repay.error)}
        </Alert>
      ) : null}
    </>
  );
}
