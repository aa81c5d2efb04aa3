// Customer flows driven through the storefront's browser-facing JSON API (docs/internal-api.md),
// over HTTP, as a browser would: same-origin Origin header on state-changing calls.
import { randomUUID } from "node:crypto";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { SANDBOX_CARD_DEFAULTS, SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";

export const BENCH_CUSTOMER = {
  name: "Maria da Silva",
  email: "maria.silva@example.com",
  phone: "(31) 98765-4321",
  cpfCnpj: "529.982.247-25",
};

type Vehicle = (typeof SANDBOX_VEHICLES)[keyof typeof SANDBOX_VEHICLES];
export type DebtView = {
  id: string;
  type: string;
  title: string;
  amountCents: number;
  dependsOn: string[];
  distinct: string[];
  required: boolean;
};
export type LookupView = { id: string; status: string; debts: DebtView[] };
export type PaymentView = {
  ref: string;
  status: string;
  liquidationStatus?: string;
  isFinal: boolean;
  method: string;
};

export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async request<T>(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    expect: number[] = [200, 201],
  ): Promise<T> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json", origin: this.baseUrl }),
      },
      // A string is sent as is (malformed JSON on purpose); anything else as JSON.
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(90_000),
    });
    const text = await res.text();
    if (!expect.includes(res.status))
      throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  }

  /** Starts a debt lookup and waits until it leaves pending/delayed. */
  async lookup(v: Vehicle = SANDBOX_VEHICLES.withDebts, timeoutMs = 60_000): Promise<LookupView> {
    const { lookupId } = await this.request<{ lookupId: string }>("POST", "/api/lookups", {
      uf: v.uf,
      plate: v.plate,
      renavam: v.renavam,
      cpfCnpj: v.cpfCnpj,
    });
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const view = await this.request<LookupView>("GET", `/api/lookups/${lookupId}`);
      if (view.status !== "pending" && view.status !== "delayed") return view;
      if (Date.now() > deadline)
        throw new Error(`lookup ${lookupId} still ${view.status} after ${timeoutMs / 1000}s`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }

  async checkout(
    lookupId: string,
    debtIds: string[],
  ): Promise<{ token: string; amountCents: number }> {
    return this.request("POST", "/api/checkouts", {
      lookupId,
      debtIds,
      customer: BENCH_CUSTOMER,
      kind: "owner",
    });
  }

  async cardToken(token: string, number: string, cvv = "123"): Promise<string> {
    const body = {
      number: number,
      name: SANDBOX_CARD_DEFAULTS.cardholderName,
      expiry: SANDBOX_CARD_DEFAULTS.expirationDate,
      cvv,
    };
    return (
      await this.request<{ cardToken: string }>("POST", `/api/checkouts/${token}/card-token`, body)
    ).cardToken;
  }

  async payCard(token: string, number: string, cvv = "123"): Promise<PaymentView> {
    const cardToken = await this.cardToken(token, number, cvv);
    return this.request("POST", `/api/checkouts/${token}/payments`, {
      attemptId: randomUUID(),
      method: "credit_card",
      cardToken,
      installments: 1,
    });
  }

  async payPix(token: string): Promise<PaymentView> {
    return this.request("POST", `/api/checkouts/${token}/payments`, {
      attemptId: randomUUID(),
      method: "pix",
    });
  }

  payment(ref: string): Promise<PaymentView> {
    return this.request("GET", `/api/payments/${ref}`);
  }

  async waitPayment(
    ref: string,
    done: (p: PaymentView) => boolean,
    timeoutMs = 60_000,
  ): Promise<PaymentView> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const p = await this.payment(ref);
      if (done(p)) return p;
      if (Date.now() > deadline)
        throw new Error(
          `payment ${ref} still ${p.status}/${p.liquidationStatus} after ${timeoutMs / 1000}s`,
        );
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** Debts that can each be paid alone (no dependsOn), e.g. the fines; one per checkout. */
export function standaloneDebts(view: LookupView): DebtView[] {
  const alone = view.debts.filter((d) => d.dependsOn.length === 0 && d.type === "ticket");
  if (alone.length === 0)
    throw new Error(`lookup ${view.id} (${view.status}) has no standalone fine`);
  return alone;
}

/**
 * What the page benchmarks load: a lookup with debts, an open checkout of one fine, and a paid
 * card payment of another (waited until paid, and settled when `settled`), with each page's path.
 */
export async function customerPages(api: ApiClient, { settled = false } = {}) {
  const lookup = await api.lookup(SANDBOX_VEHICLES.withDebts);
  const [fineA, fineB] = standaloneDebts(lookup);
  const open = await api.checkout(lookup.id, [fineA!.id]);
  const paid = await api.checkout(lookup.id, [(fineB ?? fineA)!.id]);
  const payment = await api.payCard(paid.token, SANDBOX_CARDS.visaPaid.number);
  await api
    .waitPayment(
      payment.ref,
      (p) => p.status === "paid" && (!settled || p.liquidationStatus === "settled"),
      60_000,
    )
    .catch(() => undefined);
  return {
    lookup,
    fine: fineA!,
    paths: {
      home: "/",
      lookup: `/consulta/${lookup.id}`,
      pay: `/pagar/${open.token}`,
      status: `/pagamento/${payment.ref}`,
    },
  };
}
