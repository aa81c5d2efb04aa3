"use client";

import { useActionState, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { MailboxHint } from "@/components/ui/mailbox-hint";
import { Card } from "@/components/ui/card";
import { describedBy, Field, TextInput } from "@/components/ui/field";
import { FormButton } from "@/components/ui/form-button";
import type { ActionResult } from "@/lib/http/form-action";
import type { SubscribeOutcome } from "@/lib/radar/owner-subscribe";

const HINT = "Enviaremos um link de confirmação para este e-mail.";

/** "Avise-me": an owner asks to hear of new debts of the vehicle just looked up (double opt-in). */
export function RadarSubscribeForm({
  lookupId,
  mailboxHint,
  confirmTtlHours,
  subscribe,
}: {
  lookupId: string;
  mailboxHint: boolean;
  confirmTtlHours: number;
  /** The page's server action (radar-subscribe-action.ts). */
  subscribe: (previous: unknown, form: FormData) => Promise<ActionResult<SubscribeOutcome>>;
}) {
  const [result, action, pending] = useActionState(subscribe, null);
  // Controlled: a form action resets uncontrolled fields, and a refused address must stay typed.
  const [email, setEmail] = useState("");
  const emailError = result && !result.ok ? (result.fields?.email ?? undefined) : undefined;
  return (
    <Card aria-labelledby="radar-subscribe-title">
      <h2 id="radar-subscribe-title" className="text-lg font-semibold text-slate-900">
        Avise-me de novos débitos deste veículo
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Consultamos este veículo de novo toda semana e mandamos um e-mail quando aparecer uma multa
        nova, um valor mudar, um desconto estiver para acabar ou um IPVA ou licenciamento estiver
        para vencer. No máximo um e-mail por dia, sem conta e sem custo.
      </p>
      {/* Shown, not folded, and before the field: a person reads what is stored before giving an address. */}
      <div className="mt-4 text-sm text-slate-700">
        <h3 className="font-semibold text-slate-800">O que guardamos e por quê</h3>
        <p className="mt-1">
          Para consultar de novo, guardamos a placa, o RENAVAM e o CPF/CNPJ desta consulta e o seu
          e-mail, cifrados, só para os avisos (LGPD, art. 7º, I: com o seu consentimento, dado ao
          confirmar). Sem confirmação em {confirmTtlHours} horas, apagamos tudo. Cada e-mail traz um
          link para parar os avisos: ao usá-lo, apagamos esses dados na hora.
        </p>
      </div>
      {result?.ok ? (
        <Alert
          tone="success"
          className="mt-4"
          live
          title={
            result.data.outcome === "already_active"
              ? "Você já recebe estes avisos"
              : "Falta confirmar"
          }
        >
          {result.data.outcome === "already_active" ? (
            <p>O e-mail {result.data.email} já recebe os avisos deste veículo.</p>
          ) : (
            <p>
              Enviamos um link para <strong>{result.data.email}</strong>. Abra o e-mail e confirme:
              nada é acompanhado antes disso.
            </p>
          )}
          <MailboxHint show={mailboxHint} />
        </Alert>
      ) : (
        <form action={action} noValidate className="mt-4 flex flex-col gap-4">
          <input type="hidden" name="lookupId" value={lookupId} />
          <Field id="radar-email" label="Seu e-mail" error={emailError} hint={HINT}>
            <TextInput
              {...describedBy("radar-email", { error: emailError, hint: HINT })}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field>
          {result && !result.ok && !emailError ? (
            <Alert tone="danger" live>
              {result.message}
            </Alert>
          ) : null}
          <FormButton
            type="submit"
            variant="secondary"
            pending={pending}
            pendingLabel="Enviando…"
            className="self-start"
          >
            Quero receber avisos
          </FormButton>
        </form>
      )}
    </Card>
  );
}
