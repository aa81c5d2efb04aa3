// The form state the storefront's forms run on (components/forms/use-form.ts), with the card
// schema the server parses with, through the same resolver the forms use.
import { describe, expect, it } from "vitest";
import { FormControl } from "@/components/forms/use-form";
import { lazyZodResolver } from "@/components/forms/use-lazy-zod-resolver";
import { cardInputSchema } from "@/lib/validation/card-input";

type Card = { number: string; name: string; expiry: string; cvv: string; installments: string };
const DEFAULTS: Card = { number: "", name: "", expiry: "", cvv: "", installments: "1" };

/** What the control touches of an input: its value and focus. */
function fakeInput(log: string[], name: string) {
  return { value: "", focus: () => log.push(name) } as unknown as HTMLInputElement;
}

function cardForm() {
  const { resolver } = lazyZodResolver(() => Promise.resolve(cardInputSchema()));
  const control = new FormControl(DEFAULTS, resolver);
  const focused: string[] = [];
  const inputs = Object.fromEntries(
    Object.keys(DEFAULTS).map((name) => [name, fakeInput(focused, name)]),
  ) as Record<keyof Card, HTMLInputElement>;
  const fields = Object.fromEntries(
    Object.keys(DEFAULTS).map((name) => [name, control.register(name as keyof Card)]),
  ) as Record<keyof Card, ReturnType<typeof control.register>>;
  for (const name of Object.keys(DEFAULTS) as (keyof Card)[]) fields[name].ref(inputs[name]);
  const type = async (name: keyof Card, value: string) => {
    inputs[name].value = value;
    await fields[name].onChange({ target: inputs[name] } as never);
  };
  return { control, inputs, fields, focused, type };
}

describe("FormControl", () => {
  it("shows each field's default when it mounts", () => {
    const { inputs } = cardForm();
    expect(inputs.installments.value).toBe("1");
    expect(inputs.number.value).toBe("");
  });

  it("validates only on submit at first, then the changed field on each change", async () => {
    const { control, type, focused } = cardForm();
    await type("number", "4111");
    expect(control.errors).toEqual({});

    let sent: unknown;
    await control.handleSubmit((values) => (sent = values))();
    expect(sent).toBeUndefined();
    expect(Object.keys(control.errors).sort()).toEqual(["cvv", "expiry", "name", "number"]);
    expect(focused).toEqual(["number"]); // the first invalid field, in the form's order

    await type("number", "4111 1111 1111 1111");
    expect(control.errors.number).toBeUndefined();
    expect(control.errors.name?.message).toBeTruthy(); // untouched fields keep their message until they change
  });

  it("hands the parsed values to the submit handler", async () => {
    const { control, type } = cardForm();
    await type("number", "4111 1111 1111 1111");
    await type("name", "MARIA DA SILVA");
    await type("expiry", "12/35");
    await type("cvv", "123");
    let sent: { number: string; installments: number } | undefined;
    let prevented = false;
    await control.handleSubmit((values) => (sent = values as typeof sent))({
      preventDefault: () => (prevented = true),
    });
    expect(prevented).toBe(true);
    expect(sent).toMatchObject({ number: "4111111111111111", installments: 1 });
    expect(control.errors).toEqual({});
  });

  it("keeps a server's message until the field changes, and resets a field to its default", async () => {
    const { control, inputs, type } = cardForm();
    await control.handleSubmit(() => {})();
    control.setError("cvv", { message: "CVV recusado" });
    expect(control.errors.cvv?.message).toBe("CVV recusado");
    await type("number", "4111 1111 1111 1111");
    expect(control.errors.cvv?.message).toBe("CVV recusado");

    control.resetField("number");
    expect(inputs.number.value).toBe("");
    expect(control.values.number).toBe("");
    expect(control.errors.number).toBeUndefined();
  });

  it("tells watchers every change, so a watched value re-renders its component", async () => {
    const { control, type } = cardForm();
    const seen: string[] = [];
    const stop = control.subscribe(() => seen.push(String(control.values.number)));
    await type("number", "41");
    stop();
    await type("number", "411");
    expect(seen).toEqual(["41"]);
  });
});
