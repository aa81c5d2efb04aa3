"use client";

import { useState, useSyncExternalStore, type ChangeEvent, type FormEvent } from "react";

/**
 * The small part of react-hook-form our forms use, with its behaviour: uncontrolled fields
 * (register), validation by a resolver on submit and, once submitted, of the changed field on each
 * change; the first invalid field focused on a failed submit; server errors set by hand (setError);
 * a field's value watched by the component that shows it (useWatch), so a keystroke re-renders that
 * component, not the form. react-hook-form itself was about 12 KB gzipped of every form page's
 * first-load JavaScript, for these few calls.
 */

/** Field values as the inputs hold them (zod input types, so some are typed unknown). */
type Values = Record<string, unknown>;
export type FieldError = { message?: string };
export type FieldErrors<V extends Values> = Partial<Record<keyof V, FieldError>>;
/** The parsed values, or an error per field (the first one found for each). */
export type ResolverResult<V extends Values, Out> =
  { ok: true; values: Out } | { ok: false; errors: FieldErrors<V> };
export type Resolver<V extends Values, Out> = (values: V) => Promise<ResolverResult<V, Out>>;

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
export type UseFormRegisterReturn = {
  name: string;
  ref: (element: FieldElement | null) => void;
  onChange: (event: ChangeEvent<FieldElement>) => void | Promise<void>;
};

type Listener = () => void;

function without<V extends Values>(errors: FieldErrors<V>, name: keyof V): FieldErrors<V> {
  const rest = { ...errors };
  delete rest[name];
  return rest;
}

/** The form's state outside React: values change on every keystroke and only watchers re-render. */
export class FormControl<V extends Values, Out = V> {
  readonly values: V;
  private readonly elements = new Map<keyof V, FieldElement>();
  private readonly registrations = new Map<keyof V, UseFormRegisterReturn>();
  private readonly listeners = new Set<Listener>();
  private submitted = false;
  errors: FieldErrors<V> = {};

  constructor(
    readonly defaults: V,
    // Fixed for the form's life: useLazyZodResolver hands out one resolver per mounted form.
    private readonly resolver: Resolver<V, Out>,
  ) {
    this.values = { ...defaults };
  }

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  private notify() {
    for (const listener of this.listeners) listener();
  }

  private setErrors(errors: FieldErrors<V>) {
    this.errors = errors;
    this.notify();
  }

  register(name: keyof V & string): UseFormRegisterReturn {
    let registration = this.registrations.get(name);
    if (!registration) {
      registration = {
        name,
        // Like react-hook-form: the field shows the form's value when it mounts (its default first).
        ref: (element) => {
          if (!element) return void this.elements.delete(name);
          this.elements.set(name, element);
          const value = String(this.values[name] ?? "");
          if (element.value !== value) element.value = value;
        },
        onChange: async (event) => {
          this.setValue(name, event.target.value);
          if (!this.submitted) return;
          const result = await this.resolver(this.values);
          const others = without(this.errors, name);
          const error = result.ok ? undefined : result.errors[name];
          this.setErrors(error ? { ...others, [name]: error } : others);
        },
      };
      this.registrations.set(name, registration);
    }
    return registration;
  }

  private setValue(name: keyof V, value: unknown) {
    (this.values as Values)[name as string] = value;
    this.notify();
  }

  setError(name: keyof V, error: FieldError) {
    this.setErrors({ ...this.errors, [name]: error });
  }

  resetField(name: keyof V) {
    const value = this.defaults[name];
    const element = this.elements.get(name);
    if (element) element.value = String(value ?? "");
    this.errors = without(this.errors, name);
    this.setValue(name, value);
  }

  handleSubmit(onValid: (values: Out) => unknown) {
    return async (event?: FormEvent | { preventDefault(): void }) => {
      event?.preventDefault();
      this.submitted = true;
      const result = await this.resolver(this.values);
      if (result.ok) {
        this.setErrors({});
        await onValid(result.values);
        return;
      }
      const { errors } = result;
      this.setErrors(errors);
      // The first invalid field in the order the form registered them, as react-hook-form does.
      for (const [name, element] of this.elements) {
        if (errors[name]) {
          element.focus();
          break;
        }
      }
    };
  }
}

export type Control<V extends Values> = FormControl<V, unknown>;

export function useForm<V extends Values, Out>({
  resolver,
  defaultValues,
}: {
  resolver: Resolver<V, Out>;
  defaultValues: V;
}) {
  const [control] = useState(() => new FormControl<V, Out>(defaultValues, resolver));
  const errors = useSyncExternalStore(
    control.subscribe,
    () => control.errors,
    () => control.errors,
  );
  return {
    control: control as unknown as Control<V>,
    formState: { errors },
    register: (name: keyof V & string) => control.register(name),
    handleSubmit: (onValid: (values: Out) => unknown) => control.handleSubmit(onValid),
    setError: (name: keyof V, error: FieldError) => control.setError(name, error),
    resetField: (name: keyof V) => control.resetField(name),
    getValues: () => control.values,
  };
}

/** One field's value; the component re-renders only when that value changes. */
export function useWatch<V extends Values, N extends keyof V>({
  control,
  name,
}: {
  control: Control<V>;
  name: N;
}): V[N] {
  return useSyncExternalStore(
    control.subscribe,
    () => control.values[name],
    () => control.defaults[name],
  );
}
