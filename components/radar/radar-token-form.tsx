"use client";

import { useActionState } from "react";
import type { ActionResult } from "@/lib/http/form-action";
import { Alert } from "@/components/ui/alert";
import { FormButton } from "@/components/ui/form-button";

type Outcome = { tone: "success" | "info" | "warning" | "danger"; title: string; text: string };

/**
 * One button on a Radar link's page: the link's GET only shows it (mail scanners open links), the
 * press sends the token back to the server action and shows what happened in words.
 */
export function RadarTokenForm<T extends string>({
  token,
  action,
  label,
  pendingLabel,
  variant = "primary",
  outcomes,
}: {
  token: string;
  action: (previous: unknown, form: FormData) => Promise<ActionResult<T>>;
  label: string;
  pendingLabel: string;
  variant?: "primary" | "danger";
  outcomes: Record<T, Outcome>;
}) {
  const [result, formAction, pending] = useActionState(action, null);
  if (result?.ok) {
    const o = outcomes[result.data];
    return (
      <Alert tone={o.tone} title={o.title} live>
        <p>{o.text}</p>
      </Alert>
    );
  }
  return (
    <form action={formAction} className="flex flex-col gap-4">
      <input type="hidden" name="token" value={token} />
      {result && !result.ok ? (
        <Alert tone="danger" live>
          {result.message}
        </Alert>
      ) : null}
      <FormButton
        type="submit"
        variant={variant}
        pending={pending}
        pendingLabel={pendingLabel}
        className="self-start"
      >
        {label}
      </FormButton>
    </form>
  );
}
