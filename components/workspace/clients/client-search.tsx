import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/ui/field";

/** A plain GET form: the search is in the address (?q=), works before hydration and with back. */
export function ClientSearch({ initial }: { initial: string }) {
  return (
    <form
      role="search"
      method="get"
      action="/painel/clientes"
      className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end"
    >
      <div className="flex flex-1 flex-col gap-1.5">
        <label htmlFor="busca" className="text-sm font-semibold text-slate-800">
          Buscar por nome ou placa
        </label>
        <TextInput
          id="busca"
          name="q"
          type="search"
          defaultValue={initial}
          autoComplete="off"
          maxLength={100}
        />
      </div>
      <Button type="submit" variant="secondary">
        Buscar
      </Button>
    </form>
  );
}
