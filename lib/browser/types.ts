// Browser-facing JSON shapes: the server's own view types (docs/internal-api.md), seen through
// JSON. Type-only imports are erased at build, so no server module reaches the bundle.

import type { InstallmentsView } from "@/lib/checkouts/installments";
import type { CheckoutView as ServerCheckoutView } from "@/lib/payments/checkout-view";
import type { WithDelisting } from "@/lib/delisting/link-marks";
import type { LinkView as ServerLinkView } from "@/lib/links/list-links";
import type { VehicleView as ServerVehicleView } from "@/lib/lookups/enrich-vehicle";
import type { LookupView as ServerLookupView } from "@/lib/checkouts/lookup-view";
import type { PaymentStatusView as ServerPaymentView } from "@/lib/delisting/payment-status";

/** What JSON.stringify makes of a type: dates become ISO strings, undefined members stay optional. */
export type Wire<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

export type VehicleView = Wire<ServerVehicleView>;
export type LookupView = Wire<ServerLookupView>;
export type LookupStatus = LookupView["status"];
export type DebtView = LookupView["debts"][number];
export type InstallmentsAnswer = Wire<InstallmentsView>;
export type InstallmentView = InstallmentsAnswer["options"][number];
export type PaymentView = Wire<ServerPaymentView>;
export type TimelineEntry = PaymentView["timeline"][number];
export type DelistingView = NonNullable<PaymentView["delisting"]>;
export type CheckoutView = Wire<ServerCheckoutView>;
export type LinkView = Wire<WithDelisting<ServerLinkView>>;
export type LinkStatus = LinkView["status"];
