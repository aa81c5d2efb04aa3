"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, errorMessage } from "@/lib/browser/fetch-json";
import { createEndpoint, webhookKeys } from "@/lib/browser/webhook-queries";
import { API_EVENT_LABELS, API_EVENT_TYPES } from "@/lib/rules/api-events";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, TextInput, describedBy } from "@/components/ui/field";
import { EndpointSecretOnce } from "./endpoint-secret-once";

type EventType = (typeof API_EVENT_TYPES)[number];

/** Register an endpoint: its URL and the events it receives; then its secret, once. */
export function WebhookEndpointForm() {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<Set<EventType>>(new Set(API_EVENT_TYPES));
  const [secret, setSecret] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => createEndpoint({ url: url.trim(), events: [...events] }),
    onSuccess: async (made) => {
      setSecret(made.secret);
      setUrl("");
      await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
    },
  });
  const fields = create.error instanceof ApiError ? create.error.fields : undefined;
  const urlError = fields?.url;
  const eventsError = events.size === 0 ? "Escolha ao menos um evento." : fields?.events;

  if (secret) return <EndpointSecretOnce secret={secret} onDone={() => setSecret(null)} />;
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (events.size > 0 && url.trim()) create.mutate();
      }}
    >
      <Field
        id="webhook-url"
        label="Endereço que recebe os eventos"
        hint="Um endereço https do seu sistema, como https://seu-sistema.com.br/webhooks."
        error={urlError}
      >
        <TextInput
          {...describedBy("webhook-url", {
            error: urlError,
            hint: "Um endereço https do seu sistema, como https://seu-sistema.com.br/webhooks.",
          })}
          type="url"
          inputMode="url"
          autoComplete="off"
          required
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
      </Field>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Eventos</legend>
        <ul className="mt-2 flex flex-col gap-1">
          {API_EVENT_TYPES.map((type) => (
            <li key={type}>
              <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={events.has(type)}
                  onChange={() =>
                    setEvents((s) => {
                      const next = new Set(s);
                      if (next.has(type)) next.delete(type);
                      else next.add(type);
                      return next;
                    })
                  }
                />
                <span>
                  {API_EVENT_LABELS[type]} <code className="text-xs text-slate-600">{type}</code>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {eventsError ? (
          <p role="alert" className="mt-1 text-sm font-semibold text-red-700">
            {eventsError}
          </p>
        ) : null}
      </fieldset>
      <div>
        <Button
          type="submit"
          disabled={events.size === 0}
          pending={create.isPending}
          pendingLabel="Cadastrando…"
        >
          Cadastrar endereço
        </Button>
      </div>
      {create.isError && !urlError ? (
        <Alert tone="danger" live>
          {errorMessage(create.error)}
        </Alert>
      ) : null}
    </form>
  );
}
