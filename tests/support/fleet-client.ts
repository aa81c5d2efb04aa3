import { familyVehicle } from "@/lib/sandbox/catalog/family";
import { waitUntil } from "./app-process";
import type { Fleet, Instance } from "./multi-instance";
import { cardBody, CUSTOMER } from "./storefront-flow";

// A client of a fleet as a load balancer would send it: requests spread round-robin over the
// instances, and a refused connection (an instance gone or going) retried on the next one. A GET
// whose kept-alive connection was closed before any answer (the instance closing idle sockets as
// it drains, racing the request written on one) is retried too, as load balancers retry idempotent
// requests on a connection failure. Any other failure (a POST cut off, a timeout, a 5xx) is the
// request's failure and is thrown or returned.

export type FleetClient = {
  /** fetch on the next instance in turn; `headers` may be a function of the chosen instance. */
  send(
    path: string,
    init?: RequestInit & { json?: unknown },
  ): Promise<Response & { instance: Instance }>;
  /** How many requests each instance answered (by index). */
  answered: number[];
  refusedRetries: number;
  /** GETs retried after their connection was closed before an answer. */
  closedRetries: number;
};

const causeCode = (error: unknown) =>
  error instanceof TypeError ? (error.cause as { code?: string } | undefined)?.code : undefined;
const refused = (error: unknown) => causeCode(error) === "ECONNREFUSED";
const closedBeforeAnswer = (error: unknown) =>
  ["ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "UND_ERR_CLOSED"].includes(causeCode(error) ?? "");

export function fleetClient(fleet: Fleet): FleetClient {
  let turn = 0;
  const client: FleetClient = {
    answered: fleet.instances.map(() => 0),
    refusedRetries: 0,
    closedRetries: 0,
    async send(path, init = {}) {
      const { json, ...rest } = init;
      // Its own turn, then the next instances from there (not the shared counter: concurrent
      // requests move it, and a retry could land on the refusing instance again).
      const first = turn++;
      for (let tries = 0; tries < fleet.instances.length; tries++) {
        const instance = fleet.instances[(first + tries) % fleet.instances.length]!;
        const headers: Record<string, string> = {
          ...(json === undefined
            ? {}
            : { "content-type": "application/json", origin: instance.url }),
          ...(rest.headers as Record<string, string>),
        };
        try {
          const res = await fetch(`${instance.url}${path}`, {
            ...rest,
            headers,
            body: json === undefined ? rest.body : JSON.stringify(json),
          });
          client.answered[instance.index]!++;
          return Object.assign(res, { instance });
        } catch (error) {
          const idempotent = (rest.method ?? "GET").toUpperCase() === "GET";
          if (refused(error)) client.refusedRetries++;
          else if (idempotent && closedBeforeAnswer(error)) client.closedRetries++;
          else throw error;
        }
      }
      throw new Error(`every instance refused ${path}`);
    },
  };
  return client;
}

/** Lookup (resolved by webhook) -> checkout of one standalone fine, through the fleet. */
export async function fleetCheckout(
  client: FleetClient,
  plate: string,
): Promise<{ token: string; lookupId: string }> {
  const v = familyVehicle(plate)!;
  const started = await client.send("/api/lookups", {
    method: "POST",
    json: { uf: v.uf, plate: v.plate, renavam: v.renavam, cpfCnpj: v.cpfCnpj },
  });
  if (started.status !== 201) throw new Error(`lookup: ${started.status} ${await started.text()}`);
  const { lookupId } = (await started.json()) as { lookupId: string };
  const debts = await waitUntil(
    "the lookup's debts",
    async () => {
      const view = (await (await client.send(`/api/lookups/${lookupId}`)).json()) as {
        status: string;
        debts: { id: string; type: string; dependsOn: string[] }[];
      };
      return view.status === "debts" ? view.debts : undefined;
    },
    30_000,
  );
  const fine = debts.find((d) => d.type === "ticket" && d.dependsOn.length === 0)!;
  const checkout = await client.send("/api/checkouts", {
    method: "POST",
    json: { lookupId, debtIds: [fine.id], customer: CUSTOMER, kind: "owner" },
  });
  if (checkout.status !== 201)
    throw new Error(`checkout: ${checkout.status} ${await checkout.text()}`);
  return { token: ((await checkout.json()) as { token: string }).token, lookupId };
}

export async function fleetCardToken(
  client: FleetClient,
  token: string,
  number: string,
): Promise<string> {
  const res = await client.send(`/api/checkouts/${token}/card-token`, {
    method: "POST",
    json: cardBody(number),
  });
  if (res.status !== 200) throw new Error(`card token: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { cardToken: string }).cardToken;
}
