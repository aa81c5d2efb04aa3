"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { MailboxHint } from "@/components/ui/mailbox-hint";
import { Button } from "@/components/ui/button";
import { FormButton } from "@/components/ui/form-button";
import { describedBy, Field, TextInput } from "@/components/ui/field";
import { authClient } from "@/lib/browser/auth-client";
import { PasskeySignIn } from "./passkey-sign-in";

type State =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "sent"; email: string }
  | { kind: "error"; message: string; field?: string };

// Said before anything is sent: what the button will do, not a confirmation.
const HINT = "Você vai receber um link de acesso neste e-mail; não há senha.";
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** E-mail first (a link, no password); a passkey for who already registered one. */
export function SignInForm({ back, mailboxHint }: { back: string; mailboxHint: boolean }) {
  const [state, setState] = useState<State>({ kind: "idle" });

  async function submit(form: FormData) {
    const email = String(form.get("email") ?? "").trim();
    if (!EMAIL.test(email))
      return setState({
        kind: "error",
        field: "email",
        message: "Informe um e-mail válido, como nome@exemplo.com.",
      });
    setState({ kind: "sending" });
    const { error } = await authClient.signIn.magicLink({
      email,
      callbackURL: back,
      errorCallbackURL: "/entrar?erro=link",
    });
    if (!error) return setState({ kind: "sent", email });
    // Our guard answers { error: { code, message } } in pt-BR; keep its words.
    const ours = (error as unknown as { error?: { message?: string } }).error?.message;
    setState({
      kind: "error",
      message: ours ?? "Não foi possível enviar o link agora. Tente de novo em instantes.",
      field: error.status === 422 ? "email" : undefined,
    });
  }

  if (state.kind === "sent") {
    return (
      <Alert tone="success" title="Enviamos um link para o seu e-mail" live>
        <p>
          Abra o e-mail enviado para <strong>{state.email}</strong> e toque em “Entrar”. O link vale
          por 15 minutos e só funciona uma vez.
        </p>
        <MailboxHint show={mailboxHint} />
        <Button variant="ghost" className="mt-2 px-0" onClick={() => setState({ kind: "idle" })}>
          Usar outro e-mail
        </Button>
      </Alert>
    );
  }
  const emailError = state.kind === "error" && state.field === "email" ? state.message : undefined;
  return (
    <div className="flex flex-col gap-6">
      <form action={submit} noValidate className="flex flex-col gap-4">
        <Field id="email" label="Seu e-mail" error={emailError} hint={HINT}>
          <TextInput
            {...describedBy("email", { error: emailError, hint: HINT })}
            name="email"
            type="email"
            autoComplete="email webauthn"
            inputMode="email"
            required
          />
        </Field>
        {state.kind === "error" && !emailError ? (
          <Alert tone="danger" live>
            {state.message}
          </Alert>
        ) : null}
        <FormButton type="submit" pending={state.kind === "sending"} pendingLabel="Enviando link…">
          Receber link de acesso
        </FormButton>
      </form>
      <PasskeySignIn back={back} />
    </div>
  );
}
