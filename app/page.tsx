import { AppLink } from "@/components/ui/app-link";
import { HydrateApart } from "@/components/forms/hydrate-apart";
import { PlateForm } from "@/components/vehicle/plate-form";
import { StepIndicator } from "@/components/ui/step-indicator";

export default function HomePage() {
  return (
    <main className="mx-auto w-full max-w-2xl px-4 pb-16 pt-6 sm:pt-8">
      <StepIndicator current="Veículo" />
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">
        Pague os débitos do seu veículo
      </h1>
      <p className="mt-2 text-slate-700">
        Multas, IPVA e licenciamento em um só lugar, com cartão em até 12x ou PIX. Você vê o custo
        de cada forma de pagamento antes de decidir.
      </p>
      <div className="mt-6">
        <HydrateApart>
          <PlateForm />
        </HydrateApart>
      </div>
      <p className="mt-6 text-slate-700">
        Já tem o RENAVAM e o CPF ou CNPJ do proprietário?{" "}
        <AppLink
          href="/consulta"
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4"
        >
          Ir direto para a consulta de débitos
        </AppLink>
      </p>
    </main>
  );
}
