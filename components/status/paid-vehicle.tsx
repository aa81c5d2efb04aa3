import type { PaymentVehicle } from "@/lib/payments/payment-vehicle";
import { formatPlate } from "@/lib/rules/plate";
import { Card } from "@/components/ui/card";

/** Which vehicle this payment is for: a status page opened from an e-mail days later says so first. */
export function PaidVehicle({ vehicle }: { vehicle: PaymentVehicle }) {
  const makeModel = [vehicle.make, vehicle.model].filter(Boolean).join(" ");
  return (
    <Card aria-labelledby="paid-vehicle-title" className="py-4 sm:py-4">
      <h2 id="paid-vehicle-title" className="text-sm font-medium text-slate-600">
        Veículo
      </h2>
      <p className="mt-1 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-mono text-xl font-bold tracking-wider text-slate-900">
          {formatPlate(vehicle.plate)}
        </span>
        {makeModel ? <span className="font-medium text-slate-900">{makeModel}</span> : null}
        <span className="text-sm text-slate-600">{vehicle.uf}</span>
      </p>
    </Card>
  );
}
