import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allowedTransitions,
  eventReflected,
  holdsDebts,
  mayConcludeNotCreated,
  mergeAnswer,
  pollHasNothingToLearn,
  renderStateTable,
  renderTransitionList,
  STATE_TABLE,
  type StoredState,
} from "@/lib/rules/payment-states";
import { canTransition, isFinal, KNOWN_PAYMENT_STATUSES } from "@/lib/rules/payment-status";

const GRACE = 15 * 60_000;
const at = (ms: number) => new Date(ms);

describe("the state table", () => {
  it("is what docs/payment-states.md prints", () => {
    const doc = readFileSync("docs/payment-states.md", "utf8");
    expect(doc).toContain(renderStateTable());
    expect(doc).toContain(renderTransitionList());
  });

  it("lists every known status once, and its 'retém' column agrees with holdsDebts", () => {
    const listed = STATE_TABLE.map((r) => r.status).filter((s) => s !== "(valor desconhecido)");
    expect([...listed].sort()).toEqual([...KNOWN_PAYMENT_STATUSES].sort());
    const live = { checkoutExpiresAt: at(10_000) };
    for (const row of STATE_TABLE) {
      const status = row.status === "(valor desconhecido)" ? "chargeback" : row.status;
      expect(holdsDebts({ status, ...live }, at(0)), status).toBe(row.holds.startsWith("sim"));
      expect(isFinal(status), status).toBe(row.final !== "não");
    }
  });

  it("derives each allowed transition from canTransition: forward only, our conclusions reopen, nothing reaches pending or one of them", () => {
    const pairs = allowedTransitions();
    for (const [from, to] of pairs) expect(canTransition(from, to)).toBe(true);
    const ours = ["pending", "not_created", "abandoned"];
    expect(pairs.some(([, to]) => ours.includes(to))).toBe(false);
    for (const to of KNOWN_PAYMENT_STATUSES.filter((s) => !ours.includes(s))) {
      expect(pairs).toContainEqual(["not_created", to]);
      // An abandoned PIX was ended on the upstream's awaiting_payment: only another answer replaces it.
      if (to === "awaiting_payment") expect(pairs).not.toContainEqual(["abandoned", to]);
      else expect(pairs).toContainEqual(["abandoned", to]);
    }
    for (const from of ["paid", "refused", "expired"] as const)
      expect(pairs.filter(([f]) => f === from)).toEqual([]);
  });
});

describe("settlement follows the payment", () => {
  it("never moves before paid, nor after refused", () => {
    expect(
      mergeAnswer(
        { status: "awaiting_payment", liquidationStatus: null },
        { status: "awaiting_payment", liquidationStatus: "processing" },
      ),
    ).toEqual({
      status: "awaiting_payment",
      liquidationStatus: null,
    });
    expect(
      mergeAnswer({ status: "refused", liquidationStatus: null }, { liquidationStatus: "settled" })
        .liquidationStatus,
    ).toBeNull();
    expect(
      mergeAnswer(
        { status: "processing", liquidationStatus: null },
        { status: "paid", liquidationStatus: "settled" },
      ),
    ).toEqual({ status: "paid", liquidationStatus: "settled" });
  });
});

describe("not created", () => {
  it("is concluded only for a pending attempt the upstream never confirmed, past the grace", () => {
    const p = { status: "pending", paymentId: null, createdAt: at(0) };
    expect(mayConcludeNotCreated(p, at(GRACE - 1), GRACE)).toBe(false);
    expect(mayConcludeNotCreated(p, at(GRACE), GRACE)).toBe(true);
    expect(mayConcludeNotCreated({ ...p, paymentId: "pay_1" }, at(GRACE * 2), GRACE)).toBe(false);
    expect(mayConcludeNotCreated({ ...p, status: "processing" }, at(GRACE * 2), GRACE)).toBe(false);
    expect(mayConcludeNotCreated({ ...p, status: "in_analysis" }, at(GRACE * 2), GRACE)).toBe(
      false,
    );
  });

  it("a pending attempt stops holding its debts once its checkout expired; in_analysis and processing never do", () => {
    expect(holdsDebts({ status: "pending", checkoutExpiresAt: at(100) }, at(99))).toBe(true);
    expect(holdsDebts({ status: "pending", checkoutExpiresAt: at(100) }, at(100))).toBe(false);
    expect(holdsDebts({ status: "in_analysis", checkoutExpiresAt: at(100) }, at(1_000))).toBe(true);
    expect(holdsDebts({ status: "processing", checkoutExpiresAt: at(100) }, at(1_000))).toBe(true);
  });
});

describe("events", () => {
  const stored = (status: string, liquidationStatus: string | null = null): StoredState => ({
    status,
    liquidationStatus,
  });
  it("an event is reflected only when we already store what it says (or more)", () => {
    expect(eventReflected(stored("paid"), { status: "paid" })).toBe(true);
    expect(eventReflected(stored("paid"), { status: "processing" })).toBe(true);
    expect(eventReflected(stored("in_analysis"), { status: "processing" })).toBe(true);
    expect(eventReflected(stored("awaiting_payment"), { status: "paid" })).toBe(false);
    expect(eventReflected(stored("paid"), { status: "paid", liquidationStatus: "settled" })).toBe(
      false,
    );
    expect(
      eventReflected(stored("paid", "settled"), {
        status: "paid",
        liquidationStatus: "processing",
      }),
    ).toBe(true);
    // not_created is our verdict: any event about the payment asks the upstream again.
    expect(eventReflected(stored("not_created"), { status: "processing" })).toBe(false);
    // Values the spec never lists are never reflected (never written).
    expect(eventReflected(stored("processing"), { status: "chargeback" })).toBe(false);
  });

  it("a poll has nothing to learn for 30 s after our call and after each answer", () => {
    expect(pollHasNothingToLearn({ createdAt: at(0), lastCheckedAt: null }, at(29_999))).toBe(true);
    expect(pollHasNothingToLearn({ createdAt: at(0), lastCheckedAt: null }, at(30_000))).toBe(
      false,
    );
    expect(pollHasNothingToLearn({ createdAt: at(0), lastCheckedAt: at(40_000) }, at(60_000))).toBe(
      true,
    );
    expect(pollHasNothingToLearn({ createdAt: at(0), lastCheckedAt: at(40_000) }, at(70_000))).toBe(
      false,
    );
  });
});

// ---- The machine against a model of the upstream: random events (true, stale, forged, unknown
// values), polls, failures and a late creation, driven the way lib/payments drives the rules.

type Truth = {
  visibleAt: number | null;
  steps: { at: number; status: string; liquidationStatus: string | null }[];
};

/** What the upstream's status endpoint says at `t`: 404 (null) or its current state. */
function upstreamAt(truth: Truth, t: number): StoredState | null {
  if (truth.visibleAt === null || t < truth.visibleAt) return null;
  let s: StoredState = {
    status: truth.steps[0]!.status,
    liquidationStatus: truth.steps[0]!.liquidationStatus,
  };
  for (const step of truth.steps)
    if (step.at <= t) s = { status: step.status, liquidationStatus: step.liquidationStatus };
  return s;
}

const statusPaths = fc.constantFrom(
  ["processing", "paid"],
  ["processing", "in_analysis", "paid"],
  ["processing", "in_analysis", "refused"],
  ["processing", "refused"],
  ["awaiting_payment", "paid"],
  ["awaiting_payment", "expired"],
  ["processing", "em_revisao_manual"],
);

const truthArb = fc
  .record({
    // null: never created (our call met a 500 and nothing came of it); a number: visible from then.
    visibleAt: fc.option(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2 * GRACE })), {
      nil: null,
    }),
    path: statusPaths,
    gaps: fc.array(fc.integer({ min: 1, max: 120_000 }), { minLength: 4, maxLength: 4 }),
    settles: fc.boolean(),
    // The status endpoint may also carry a settlement value beside a status that is not paid.
    quirks: fc.array(fc.constantFrom<string | null>(null, "pending", "processing"), {
      minLength: 4,
      maxLength: 4,
    }),
  })
  .map(({ visibleAt, path, gaps, settles, quirks }): Truth => {
    const start = visibleAt ?? 0;
    let t = start;
    const steps = path.map((status, i) => ({
      at: (t += i === 0 ? 0 : gaps[i]!),
      status,
      liquidationStatus: status === "paid" ? "pending" : quirks[i]!,
    }));
    if (settles && path.at(-1) === "paid")
      steps.push({ at: t + gaps[3]!, status: "paid", liquidationStatus: "settled" });
    return { visibleAt, steps };
  });

type Input =
  | { kind: "tick"; ms: number }
  | { kind: "poll"; fails: boolean }
  | { kind: "event"; report: { status: string; liquidationStatus: string | null } | "true" };

const inputArb: fc.Arbitrary<Input> = fc.oneof(
  fc.record({
    kind: fc.constant("tick" as const),
    ms: fc.integer({ min: 1_000, max: 10 * 60_000 }),
  }),
  fc.record({ kind: fc.constant("poll" as const), fails: fc.boolean() }),
  fc.record({
    kind: fc.constant("event" as const),
    report: fc.oneof(
      fc.constant("true" as const),
      fc.record({
        status: fc.constantFrom(
          "paid",
          "refused",
          "processing",
          "in_analysis",
          "awaiting_payment",
          "expired",
          "chargeback",
          "pending",
          "not_created",
        ),
        liquidationStatus: fc.constantFrom(null, "processing", "settled", "pending", "estornado"),
      }),
    ),
  }),
);

const RANK: Record<string, number> = {
  pending: 0,
  awaiting_payment: 1,
  processing: 2,
  in_analysis: 3,
  paid: 4,
  refused: 4,
  expired: 4,
};

describe("the state machine against a model upstream", () => {
  it("never backwards, never a state the upstream denied, settlement only when paid, final within bounds, one charge per checkout", () => {
    fc.assert(
      fc.property(truthArb, fc.array(inputArb, { maxLength: 40 }), (truth, inputs) => {
        let t = 0;
        let stored: StoredState = { status: "pending", liquidationStatus: null };
        let paymentIdKnown = false;
        const seenUpstream = new Set<string>();
        const checkoutExpiresAt = at(30 * 60_000);
        // Our call's own answer: only when the upstream made the payment at once.
        const ask = (fails: boolean) => {
          if (fails) return;
          const answer = upstreamAt(truth, t);
          if (answer === null) {
            if (
              mayConcludeNotCreated(
                { status: stored.status, paymentId: paymentIdKnown ? "x" : null, createdAt: at(0) },
                at(t),
                GRACE,
              )
            ) {
              stored = { status: "not_created", liquidationStatus: null };
            }
            return;
          }
          paymentIdKnown = true;
          seenUpstream.add(answer.status);
          stored = mergeAnswer(stored, answer);
        };
        ask(truth.visibleAt !== 0);

        for (const input of inputs) {
          const before = stored;
          if (input.kind === "tick") t += input.ms;
          else if (input.kind === "poll") ask(input.fails);
          else {
            const report = input.report === "true" ? upstreamAt(truth, t) : input.report;
            // A true event only exists once the upstream has the payment.
            if (report && !eventReflected(stored, report)) ask(false);
          }
          // Never backwards (not_created is the one state that gives way: to the upstream's proof).
          if (before.status !== "not_created" && before.status !== stored.status) {
            expect(isFinal(before.status)).toBe(false);
            if (before.status in RANK && stored.status in RANK)
              expect(RANK[stored.status]!).toBeGreaterThan(RANK[before.status]!);
          }
          // Never a state the upstream denied: ours are pending and not_created, the rest it said.
          if (stored.status !== "pending" && stored.status !== "not_created")
            expect(seenUpstream.has(stored.status)).toBe(true);
          if (stored.status === "not_created")
            expect(upstreamAt(truth, t) === null || before.status === "not_created").toBe(true);
          // Settlement never before paid.
          if (stored.liquidationStatus !== null) expect(stored.status).toBe("paid");
          // One charge per checkout: a second attempt may start only while this one holds nothing,
          // and then this one cannot be charging (not created, or ended without money).
          if (!holdsDebts({ ...stored, checkoutExpiresAt }, at(t))) {
            const now = upstreamAt(truth, t);
            if (stored.status === "not_created")
              expect(before.status === "not_created" || now === null).toBe(true);
            else if (stored.status !== "pending")
              expect(["refused", "expired"]).toContain(now?.status);
          }
        }

        // Final within its bounds: once the grace has passed and the upstream's path has ended,
        // one poll brings the payment to its end (or to the upstream's unknown value, kept as is).
        t = Math.max(t, GRACE, (truth.steps.at(-1)?.at ?? 0) + 1, (truth.visibleAt ?? 0) + 1);
        ask(false);
        const last = upstreamAt(truth, t);
        if (last === null) expect(stored.status).toBe("not_created");
        else
          expect(stored).toEqual(
            last.status === "paid" ? last : { status: last.status, liquidationStatus: null },
          );
      }),
      { numRuns: 2_000 },
    );
  });
});
