"use client";

import { useState } from "react";
import { ApiError, errorMessage } from "@/lib/browser/fetch-json";

export type FormState = { pending: boolean; message?: string; fields: Record<string, string> };

/** Submit state shared by the workspace forms: pending, the server's pt-BR field errors, a message. */
export function useApiForm() {
  const [state, setState] = useState<FormState>({ pending: false, fields: {} });
  async function run(action: () => Promise<void>) {
    setState({ pending: true, fields: {} });
    try {
      await action();
      setState({ pending: false, fields: {} });
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      setState({ pending: false, fields, message: errorMessage(error) });
    }
  }
  return { state, run };
}

/**
 * onSubmit instead of <form action>: React resets a form after its action runs, which would wipe
 * what the person typed whenever the server refuses it (design brief: never lose typed data).
 */
export function keepTyped(submit: (form: FormData) => unknown) {
  return (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(new FormData(event.currentTarget));
  };
}
