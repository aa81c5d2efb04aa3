"use client";

import { useHydrated } from "@/components/hooks/use-hydrated";
import { Button, type ButtonProps } from "./button";

/**
 * A form's action button, disabled until React runs: pressed before hydration, a native submit
 * would put RENAVAM, CPF or card data in the URL. The check lives in the button, not in the form,
 * so when hydration ends only the button renders again; with the check in the form, the whole
 * form renders again in one synchronous task (a long one on a throttled phone).
 */
export function FormButton({ disabled, ...rest }: ButtonProps) {
  const hydrated = useHydrated();
  return <Button disabled={!hydrated || disabled} {...rest} />;
}
