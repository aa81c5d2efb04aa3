import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { familyVehicle } from "@/lib/sandbox/catalog/family";
import { authorityLagMs } from "@/lib/sandbox/lookup/authority-lag";
import { familyLookup, startLookupReceiver, type LookupDebt } from "../support/family-lookup";
import { pinSandboxClock } from "../support/radar-watches";
import { CUSTOMER, json, payByCard } from "../support/storefront-flow";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";
import { pdfText, squeeze } from "../support/pdf-text";
import { TEST_API_KEY } from "../support/test-keys";
import { apiRequest } from "../support/upstream-helpers";
import { sleep, until } from "../support/time";
import type { WebhookReceiver } from "../support/webhook-receiver";

// The delisting checks over the real sandbox (issue 47): a card payment is paid and settled by the
// sandbox's real webhooks, then the server's clock is moved to each check's moment (1, 3 and 7 São
// Paulo business days after settlement), each check is a real re-lookup whose result arrives as a
// real webhook, and the decision is made per paid debt. The sandbox's BXA vehicles keep a paid
// debt listed for 2 days × scale of its own clock, BXN ones keep a paid fine forever, RDR ones
// answer 901 on timeline day 3 (docs/sandbox-core.md).

const SCALE = 0.01;
let env: TestEnvironment;
let receiver: WebhookReceiver;

const db = async () => (await import("@/lib/db/client")).db;
const clockNow = async () => (await import("@/lib/clock")).clock.now();

beforeAll(async () => {
  env = await setupTestEnvironment({
    sandbox: { timeScale: SCALE },
    env: {
      LOG_LEVEL: "silent",
      DELISTING_CHECK_DAYS: "1,3,7",
      DELISTING_RETRY_MS: "60000",
      DELISTING_TRIES_PER_CHECK: "3",
      RATE_LIMIT_LOOKUPS: "1000",
    },
  });
  receiver = await startLookupReceiver();
  // Every payment is made before any test moves the clock (a moved clock expires new checkouts),
  // and each watch is parked until its own test: the queue runs every due watch.
  lag = await paidAndSettled("BXA3C01", independent);
  never = await paidAndSettled("BXN3C02", independent);
  await pinDay(RDR, 1);
  error = await paidAndSettled(RDR, (debts) => [debts.find((d) => d.type === "ticket")!.id]);
  await (await db()).delistingWatch.updateMany({ data: { notBefore: PARKED } });
}, 120_000);

/** Holds one RDR plate's story on a day of the current cycle (null lets it go). */
const RDR = "RDR3C03";
async function pinDay(plate: string, day: number | null) {
  const res = await fetch(`${env.sandbox.url}/__sandbox/timeline`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": TEST_API_KEY },
    body: JSON.stringify({ plate, day }),
  });
  if (!res.ok) throw new Error(`timeline pin: ${res.status}`);
}

const PARKED = new Date("2100-01-01T00:00:00Z");
type Settled = Awaited<ReturnType<typeof paidAndSettled>>;
let lag: Settled;
let never: Settled;
let error: Settled;

/** A parked watch due at its first check's moment again. */
async function unpark(paymentId: string) {
  const { addBusinessDays } = await import("@/lib/rules/business-days");
  const d = await db();
  const w = await d.delistingWatch.findUniqueOrThrow({ where: { paymentId } });
  await d.delistingWatch.update({
    where: { paymentId },
    data: { notBefore: addBusinessDays(w.settledAt, 1) },
  });
}
afterAll(async () => {
  if (env) await pinSandboxClock(env.sandbox.url, null).catch(() => undefined);
  await receiver?.close();
  await env?.close();
});

/** Debts of a withDebts copy that need no other debt: the first fine and the first IPVA. */
const independent = (debts: LookupDebt[]) => {
  const free = debts.filter((d) => d.dependsOn.length === 0 && d.distinct.length === 0);
  const fine = free.find((d) => d.type === "ticket");
  const ipva = free.find((d) => d.type === "ipva");
  if (!fine || !ipva) throw new Error("no independent fine and IPVA on this vehicle");
  return [fine.id, ipva.id];
};

/** A lookup of `plate`, a checkout of `pick`'s debts, paid by card and settled by the sandbox. */
async function paidAndSettled(plate: string, pick: (debts: LookupDebt[]) => string[]) {
  const { lookupId, debts } = await familyLookup(plate, "10.0.7.1");
  const debtIds = pick(debts);
  const { POST } = await import("@/app/api/checkouts/route");
  const res = await POST(
    apiRequest("/api/checkouts", {
      body: { lookupId, debtIds, customer: CUSTOMER, kind: "owner" },
      ip: "10.0.7.1",
    }),
  );
  if (res.status !== 201) throw new Error(`checkout: ${res.status} ${await res.text()}`);
  const { token } = await json<{ token: string }>(res);
  const paid = await payByCard<{ ref: string; status: string }>(token);
  expect(paid.body.status).toBe("paid");
  const { dispatchPendingWebhooks } = await import("@/lib/webhooks/dispatch");
  const d = await db();
  const payment = await until(
    async () => {
      await dispatchPendingWebhooks();
      const row = await d.payment.findUnique({ where: { publicRef: paid.body.ref } });
      return row?.liquidationStatus === "settled" ? row : null;
    },
    { timeoutMs: 30_000, message: "the sandbox settled the payment" },
  );
  return { paymentRowId: payment!.id, ref: paid.body.ref, lookupId, debtIds };
}

const watchOf = async (paymentId: string) =>
  (await db()).delistingWatch.findUniqueOrThrow({
    where: { paymentId },
    include: { debts: { orderBy: { id: "asc" } }, checks: { orderBy: { createdAt: "asc" } } },
  });

/** Moves the server's clock to `at` (never back). */
async function moveClockTo(at: Date) {
  const { advanceClock, clock } = await import("@/lib/clock");
  const ms = at.getTime() - clock.nowMs();
  if (ms > 0) advanceClock(ms);
}

/**
 * Runs the checks' queue and the webhook inbox in this process until the watch waits for a later
 * moment or is decided (a check waiting for its lookup's webhook is waited for).
 */
async function runChecks(paymentId: string, timeoutMs = 20_000) {
  const { delistingChecks } = await import("@/lib/delisting/worker");
  const { dispatchPendingWebhooks } = await import("@/lib/webhooks/dispatch");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await delistingChecks.kick();
    await dispatchPendingWebhooks();
    const w = await (await db()).delistingWatch.findUniqueOrThrow({ where: { paymentId } });
    if (w.status === "decided") return w;
    if (w.lookupId === null && w.notBefore && w.notBefore > (await clockNow())) return w;
    if (Date.now() > deadline)
      throw new Error(`delisting check still running: ${JSON.stringify(w)}`);
    await sleep(50);
  }
}

const mailsOf = async (paymentId: string) =>
  (await db()).mailMessage.findMany({ where: { dedupeKey: `delisting-decided:${paymentId}` } });

describe("delisting checks", () => {
  it("a paid debt still listed within the authority's lag is confirmed at a later check; one mail; the checks' copies erased at the decision, not before", async () => {
    const plate = "BXA3C01";
    const { paymentRowId, lookupId } = lag;
    await unpark(paymentRowId);
    const { addBusinessDays } = await import("@/lib/rules/business-days");
    let watch = await watchOf(paymentRowId);
    expect(watch.status).toBe("checking");
    expect(watch.debts.map((d) => d.state)).toEqual(["checking", "checking"]);
    expect(watch.debts.find((d) => d.debtKey.startsWith("ticket:ait:"))).toBeTruthy();
    expect(watch.notBefore).toEqual(addBusinessDays(watch.settledAt, 1));

    // Before its moment nothing is sent.
    await runChecks(paymentRowId);
    expect((await watchOf(paymentRowId)).checks).toEqual([]);

    // Check 1 (1 business day later): the sandbox's own clock is still inside the lag.
    await moveClockTo(new Date(watch.notBefore!.getTime() + 1000));
    await runChecks(paymentRowId);
    watch = await watchOf(paymentRowId);
    expect(watch).toMatchObject({ status: "checking", round: 2, lookupId: null });
    expect(watch.notBefore).toEqual(addBusinessDays(watch.settledAt, 3));
    expect(watch.checks).toHaveLength(1);
    expect(watch.checks[0]).toMatchObject({ round: 1, outcome: "listed" });
    for (const d of watch.debts)
      expect(d).toMatchObject({ state: "checking", lastListedLookupId: watch.checks[0]!.lookupId });
    // The check's lookup is a copy of the vehicle's data, kept until the decision.
    const d = await db();
    const firstCheck = await d.lookup.findUniqueOrThrow({
      where: { id: watch.checks[0]!.lookupId },
    });
    expect(firstCheck).toMatchObject({ origin: "delisting", personalDataErasedAt: null });
    expect(firstCheck.renavam).toBe(familyVehicle(plate)!.renavam);
    expect(await mailsOf(paymentRowId)).toEqual([]);

    // Check 2 (3 business days): the authority's lag is over on the sandbox's clock.
    await pinSandboxClock(env.sandbox.url, new Date(Date.now() + authorityLagMs(SCALE) + 60_000));
    await moveClockTo(new Date(watch.notBefore!.getTime() + 1000));
    await runChecks(paymentRowId);
    await pinSandboxClock(env.sandbox.url, null);
    watch = await watchOf(paymentRowId);
    expect(watch).toMatchObject({ status: "decided", verdict: "confirmed", round: 2 });
    const second = watch.checks[1]!;
    for (const debt of watch.debts)
      expect(debt).toMatchObject({ state: "confirmed", confirmedByLookupId: second.lookupId });
    expect(watch.debts[0]!.confirmedAt).toEqual(watch.decidedAt);

    // Decided: both checks' copies lose their personal fields; the payment's own lookup keeps them
    // (paid records keep today's retention).
    for (const c of watch.checks) {
      const copy = await d.lookup.findUniqueOrThrow({ where: { id: c.lookupId } });
      expect(copy).toMatchObject({ renavam: "", cpfCnpj: "", cpfCnpjIndex: null });
      expect(copy.personalDataErasedAt).not.toBeNull();
    }
    const own = await d.lookup.findUniqueOrThrow({ where: { id: lookupId } });
    expect(own).toMatchObject({
      renavam: familyVehicle(plate)!.renavam,
      personalDataErasedAt: null,
    });

    const mails = await mailsOf(paymentRowId);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: "delisting-decided", to: CUSTOMER.email });
    expect(JSON.parse(mails[0]!.props)).toMatchObject({ verdict: "confirmed" });
    expect(mails[0]!.subject).toContain("Baixa confirmada pelo órgão");
    // The comprovante attached at delivery says so, with the decision's date.
    const { buildAttachments } = await import("@/lib/mail/attachments");
    const [pdf] = await buildAttachments(mails[0]!.attachments);
    const { formatDateBR } = await import("@/lib/rules/money");
    expect(squeeze(await pdfText(pdf!.content))).toContain(
      `Baixa confirmada pelo órgão em ${formatDateBR(watch.decidedAt!)}`,
    );

    // Nothing more is due, and the job run again changes nothing.
    await runChecks(paymentRowId);
    expect((await watchOf(paymentRowId)).checks).toHaveLength(2);
    expect(await mailsOf(paymentRowId)).toHaveLength(1);
  });

  it("a fine the authority never drops ends still listed at the last check, the IPVA confirmed; one mail says what to do", async () => {
    const { paymentRowId } = never;
    await unpark(paymentRowId);
    await pinSandboxClock(env.sandbox.url, new Date(Date.now() + authorityLagMs(SCALE) + 60_000));
    try {
      // Each check at its moment (a moment already past runs at once).
      for (let i = 0; i < 3; i++) {
        const w = await watchOf(paymentRowId);
        if (w.status === "decided") break;
        await moveClockTo(new Date(w.notBefore!.getTime() + 1000));
        await runChecks(paymentRowId);
      }
    } finally {
      await pinSandboxClock(env.sandbox.url, null);
    }
    const watch = await watchOf(paymentRowId);
    expect(watch).toMatchObject({ status: "decided", verdict: "still_listed" });
    expect(watch.checks.map((c) => c.outcome)).toEqual(["listed", "listed", "listed"]);
    const fine = watch.debts.find((d) => d.debtKey.startsWith("ticket:"))!;
    const ipva = watch.debts.find((d) => d.debtKey.startsWith("ipva:"))!;
    expect(fine).toMatchObject({
      state: "still_listed",
      lastListedLookupId: watch.checks[2]!.lookupId,
    });
    expect(fine.listedAmountCents).toBeGreaterThan(0);
    expect(ipva).toMatchObject({
      state: "confirmed",
      confirmedByLookupId: watch.checks[0]!.lookupId,
    });

    const mails = await mailsOf(paymentRowId);
    expect(mails).toHaveLength(1);
    const props = JSON.parse(mails[0]!.props) as { verdict: string; paymentId: string | null };
    expect(props.verdict).toBe("still_listed");
    expect(props.paymentId).toBeTruthy();
    const { textOf } = await import("@/lib/mail/templates");
    const text = textOf("delisting-decided", props);
    expect(text).toContain("ainda listado no órgão");
    expect(text).toContain(`Informe o código do pagamento: ${props.paymentId}`);

    const { delistingOf } = await import("@/lib/delisting/delisting-view");
    const view = (await delistingOf([paymentRowId])).get(paymentRowId)!;
    expect(view).toMatchObject({ state: "still_listed", checksDone: 3, checksPlanned: 3 });
    expect(view.evidence?.paymentId).toBe(props.paymentId);

    // The operator sees it: the ops listing and the decisions gauge.
    const { listStillListed } = await import("@/lib/delisting/still-listed");
    const listed = await listStillListed();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ upstreamPaymentId: props.paymentId, plate: "BXN3C02" });
    expect(listed[0]!.debts.map((d) => d.debtId)).toEqual([fine.debtId]);
    const { registerDbGauges } = await import("@/lib/background/db-gauges");
    const { metrics } = await import("@/lib/metrics/registry");
    registerDbGauges();
    const scraped = await metrics.registry.metrics();
    expect(scraped).toMatch(/^delisting_decisions\{verdict="still_listed"\} 1$/m);
    expect(scraped).toMatch(/^delisting_decisions\{verdict="confirmed"\} 1$/m);
  });

  it("a check waits for Radar's due scans; an authority error at a check changes nothing and is tried again later; the retry confirms", async () => {
    // RDR plates answer 901 on timeline day 3 and drop a paid debt at once on the other days.
    const { paymentRowId } = error;
    await unpark(paymentRowId);
    const d = await db();
    try {
      // Radar's due scans go first: while one waits to start, the check waits for the next window.
      let watch = await watchOf(paymentRowId);
      await moveClockTo(new Date(watch.notBefore!.getTime() + 1000));
      const radarWatch = await d.radarWatch.create({
        data: { kind: "workspace", status: "active" },
      });
      await d.radarScan.create({
        data: { watchId: radarWatch.id, dueAt: await clockNow(), status: "queued" },
      });
      await runChecks(paymentRowId);
      watch = await watchOf(paymentRowId);
      expect(watch.checks).toEqual([]);
      expect(watch.notBefore!.getTime()).toBeGreaterThan((await clockNow()).getTime());
      await d.radarWatch.delete({ where: { id: radarWatch.id } });

      await pinDay(RDR, 3);
      await moveClockTo(new Date(watch.notBefore!.getTime() + 1000));
      const before = await clockNow();
      await runChecks(paymentRowId);
      watch = await watchOf(paymentRowId);
      expect(watch).toMatchObject({
        status: "checking",
        round: 1,
        roundErrors: 1,
        errorCode: "AUTHORITY_901",
        lookupId: null,
      });
      expect(watch.checks[0]).toMatchObject({ outcome: "failed", errorCode: "AUTHORITY_901" });
      expect(watch.notBefore!.getTime()).toBeGreaterThanOrEqual(before.getTime() + 60_000);
      expect(watch.debts[0]!.state).toBe("checking");

      await pinDay(RDR, 1);
      await moveClockTo(new Date(watch.notBefore!.getTime() + 1000));
      await runChecks(paymentRowId);
      watch = await watchOf(paymentRowId);
      expect(watch).toMatchObject({ status: "decided", verdict: "confirmed", round: 1 });
      expect(watch.debts[0]).toMatchObject({
        state: "confirmed",
        confirmedByLookupId: watch.checks[1]!.lookupId,
      });
    } finally {
      await pinDay(RDR, null);
    }
  });
});
