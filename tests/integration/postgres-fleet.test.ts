import { expect, inject, it } from "vitest";
import { waitUntil } from "../support/app-process";
import { startFleet } from "../support/multi-instance";

// The multi-instance harness itself (tests/support/multi-instance.ts): three production
// instances on one PostgreSQL database share state; the webhook reaches one, all see it.
it("three instances on one PostgreSQL database: a lookup started on one is resolved and read on the others", async () => {
  const fleet = await startFleet(inject("pgTemplate")!);
  try {
    const [a, b, c] = fleet.instances;
    const res = await fetch(`${b!.url}/api/lookups`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: b!.url },
      body: JSON.stringify({
        uf: "MG",
        plate: "MGD1E23",
        renavam: "01234567803",
        cpfCnpj: "52998224725",
      }),
    });
    expect(res.status).toBe(201);
    const { lookupId } = (await res.json()) as { lookupId: string };
    // The webhook goes to instance a; instance c reads the result from the shared database.
    const status = await waitUntil(
      "the lookup to resolve",
      async () => {
        const view = (await (await fetch(`${c!.url}/api/lookups/${lookupId}`)).json()) as {
          status: string;
        };
        return view.status === "pending" ? undefined : view.status;
      },
      30_000,
    );
    expect(status).toBe("debts");
    expect(a!.port).not.toBe(c!.port);
  } finally {
    await fleet.stop();
  }
}, 900_000);
