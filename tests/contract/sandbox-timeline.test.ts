import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diffDebts, type WatchedDebt } from "@/lib/rules/debt-changes";
import { remindersDue } from "@/lib/rules/debt-reminders";
import type { SandboxDebt, WebhookPayload } from "@/lib/sandbox/context";
import { familyVehicle, RADAR_FAMILY_PLATE } from "@/lib/sandbox/catalog/family";
import {
  timelineDayMs,
  timelineDayStart,
  timelinePosition,
  timelineStep,
} from "@/lib/sandbox/catalog/timeline";
import { SANDBOX_VEHICLES, type CatalogVehicle } from "@/lib/sandbox/catalog/vehicles";
import { SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { startHarness, type Harness } from "../support/sandbox-payments-harness";

// The sandbox's vehicles whose debts change over time (docs/sandbox-core.md "Vehicles that change
// over time"), walked over real HTTP with the pinnable clock, and read by Radar's own rules.

const SCALE = 1 / 600;
// A cycle well inside 2026, so the year of the titles does not turn mid-story.
const CYCLE = timelinePosition(new Date("2026-06-15T12:00:00-03:00"), SCALE).cycle;
/** The middle of day `day` of the story (day 8 is day 0 of the next cycle). */
const middleOf = (day: number, cycle = CYCLE) =>
  new Date(timelineDayStart(cycle, day, SCALE).getTime() + timelineDayMs(SCALE) / 2);

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ timeScale: SCALE });
  await h.reset();
});
afterAll(async () => h.close());

/** The authority's answer for `vehicle` with the sandbox clock pinned at `at`. */
async function answerAt(vehicle: CatalogVehicle, at: Date): Promise<WebhookPayload> {
  expect((await h.post("/__sandbox/clock", { now: at.toISOString() })).status).toBe(200);
  const externalId = randomUUID();
  const ack = await h.post("/uvvi/v1/debts", {
    state: vehicle.uf,
    licensePlate: vehicle.plate,
    renavam: vehicle.renavam,
    cpfCnpj: vehicle.cpfCnpj,
    externalId,
  });
  expect(ack.status).toBe(200);
  return h.waitFor(() => h.events((p) => p.externalId === externalId)[0]);
}

const watched = (d: SandboxDebt): WatchedDebt => ({
  id: d.id,
  type: d.type,
  title: d.title,
  amountCents: Math.round(d.amount * 100),
  dueDate: d.dueDate,
  hasDiscount: d.hasDiscount,
  year: d.year,
  ait: d.ait ?? null,
});
const aitOf = (plate: string, cycle: number, n: number) =>
  `${plate}${String(cycle).padStart(6, "0")}${n}`;

describe("radarTimeline: the documented story, day by day", () => {
  it("answers each day's debts or error, and Radar's rules find exactly the documented changes", async () => {
    const v = SANDBOX_VEHICLES.radarTimeline;
    const fine1 = `ticket:ait:${aitOf(v.plate, CYCLE, 1)}`;
    const fine2 = `ticket:ait:${aitOf(v.plate, CYCLE, 2)}`;
    const seen: Record<number, unknown[]> = {};
    let baseline: SandboxDebt[] | null = null;
    const fineIds: Record<number, string> = {};
    for (let day = 0; day <= 8; day++) {
      const event = await answerAt(v, middleOf(day));
      if (event.type === "search-error-event") {
        seen[day] = ["error", (event.error as { errorCode: string }[])[0]!.errorCode];
        continue; // an authority error is not a result: the baseline stays
      }
      expect(event.type, `day ${day}`).toBe("debts");
      const debts = event.debts as SandboxDebt[];
      const f1 = debts.find((d) => d.ait === aitOf(v.plate, CYCLE, 1));
      if (f1) fineIds[day] = f1.id;
      if (baseline) {
        seen[day] = diffDebts(baseline.map(watched), debts.map(watched), {
          scope: `day-${day}`,
        }).map((c) => [c.kind, c.debtKey, "reason" in c ? c.reason : null]);
      }
      baseline = debts;
    }
    expect(seen).toEqual({
      1: [],
      2: [["appeared", fine2, null]],
      3: ["error", "901"],
      4: [["amountChanged", fine1, "discountEnded"]],
      5: [["disappeared", "ipva:2026:parcela-1", "goneElsewhere"]],
      6: [["amountChanged", fine1, "increased"]],
      7: [],
      // The next cycle starts the story over: new fines, parcela 1/3 back.
      8: [
        ["appeared", `ticket:ait:${aitOf(v.plate, CYCLE + 1, 1)}`, null],
        ["appeared", "ipva:2026:parcela-1", null],
        ["disappeared", fine1, "goneElsewhere"],
        ["disappeared", fine2, "goneElsewhere"],
      ],
    });
    // The discount's end reissued the fine under a new id; interest kept it.
    expect(fineIds[4]).not.toBe(fineIds[2]);
    expect(fineIds[6]).toBe(fineIds[4]);
  });

  it("follows the sandbox clock, not the process start: a clock pinned back gives the earlier day again", async () => {
    const v = SANDBOX_VEHICLES.radarTimeline;
    const late = await answerAt(v, middleOf(6));
    const early = await answerAt(v, middleOf(1));
    const again = await answerAt(v, middleOf(6));
    const amountOfFine1 = (e: WebhookPayload) =>
      (e.debts as SandboxDebt[]).find((d) => d.ait === aitOf(v.plate, CYCLE, 1))!.amount;
    expect([amountOfFine1(late), amountOfFine1(early), amountOfFine1(again)]).toEqual([
      132.77, 78.1, 132.77,
    ]);
  });
});

describe("generated RDR plates", () => {
  it("tell the same story with their own identifiers, debt ids and AITs", async () => {
    const mine = familyVehicle("RDR1A01")!;
    expect(RADAR_FAMILY_PLATE.test(mine.plate)).toBe(true);
    expect(mine.renavam).not.toBe(SANDBOX_VEHICLES.radarTimeline.renavam);
    const theirs = (await answerAt(SANDBOX_VEHICLES.radarTimeline, middleOf(2)))
      .debts as SandboxDebt[];
    const ours = (await answerAt(mine, middleOf(2))).debts as SandboxDebt[];
    expect(ours.map((d) => [d.title, d.amount])).toEqual(theirs.map((d) => [d.title, d.amount]));
    expect(
      ours.filter((d) => theirs.some((t) => t.id === d.id || (d.ait && t.ait === d.ait))),
    ).toEqual([]);
  });

  it("a fine paid through the sandbox leaves later lookups, even once the authority reissued it", async () => {
    const v = familyVehicle("RDR1A02")!;
    const day1 = (await answerAt(v, middleOf(1))).debts as SandboxDebt[];
    const fine = day1.find((d) => d.ait === aitOf(v.plate, CYCLE, 1))!;
    const checkout = await h.checkout([fine.id], v);
    expect(checkout.status).toBe(201);
    expect(
      (await h.payByCard(checkout.body.checkoutId as string, SANDBOX_CARDS.visaPaid)).body.status,
    ).toBe("paid");
    for (const day of [2, 4, 6]) {
      const debts = (await answerAt(v, middleOf(day))).debts as SandboxDebt[];
      expect(
        debts.map((d) => d.ait),
        `day ${day}`,
      ).not.toContain(fine.ait);
      // Without the paid fine, with the fine that came on day 2, and without parcela 1/3 from day 5.
      expect(debts.length, `day ${day}`).toBe(day === 6 ? day1.length - 1 : day1.length);
    }
  });
});

describe("one plate pinned to a day (POST /__sandbox/timeline)", () => {
  it("tells that day's story for that plate only, the clock and every other plate untouched, until unpinned", async () => {
    const pinnedPlate = familyVehicle("RDR1A03")!;
    const other = familyVehicle("RDR1A04")!;
    const at = middleOf(0);
    const pin = await h.post("/__sandbox/timeline", { plate: pinnedPlate.plate, day: 2 });
    expect(pin.status).toBe(200);
    expect(pin.body.pins).toEqual({ [pinnedPlate.plate]: 2 });
    const titles = (e: WebhookPayload) => (e.debts as SandboxDebt[]).map((d) => d.title);
    // Day 2's new fine for the pinned plate; day 0's list for the other one, at the same clock.
    expect(titles(await answerAt(pinnedPlate, at))).toContain(
      "Multa - Estacionar em local proibido",
    );
    expect(titles(await answerAt(other, at))).not.toContain("Multa - Estacionar em local proibido");
    // Day 3 is the authority's error day.
    await h.post("/__sandbox/timeline", { plate: pinnedPlate.plate, day: 3 });
    expect((await answerAt(pinnedPlate, at)).type).toBe("search-error-event");
    expect(
      (await h.post("/__sandbox/timeline", { plate: pinnedPlate.plate, day: null })).body.pins,
    ).toEqual({});
    expect(titles(await answerAt(pinnedPlate, at))).not.toContain(
      "Multa - Estacionar em local proibido",
    );
  });

  it("refuses a day outside the story or a malformed plate, in the spec's validation shape", async () => {
    for (const body of [
      { plate: "RDR1A03", day: 8 },
      { plate: "rdr1a03", day: 1 },
      { plate: "RDR1A03" },
    ]) {
      const res = await h.post("/__sandbox/timeline", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe("the story runs by itself under SANDBOX_TIME_SCALE", () => {
  it("unpinned, with a day of 40 ms, lookups see the story move (the error day included)", async () => {
    // Each answer falls on the error day with odds 1/8, so the loop goes on until it has seen one
    // (a few hundred ms here; the deadline is for a loaded machine). Not rate limited: it may ask
    // a few hundred times.
    const fast = await startHarness({ timeScale: 40 / 86_400_000, rateLimitPerMinute: 1_000_000 });
    try {
      await fast.reset();
      const v = SANDBOX_VEHICLES.radarTimeline;
      const answers = new Set<string>();
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && !(answers.has("error") && answers.size >= 4)) {
        const externalId = randomUUID();
        const ack = await fast.post("/uvvi/v1/debts", {
          state: v.uf,
          licensePlate: v.plate,
          renavam: v.renavam,
          cpfCnpj: v.cpfCnpj,
          externalId,
        });
        expect(ack.status).toBe(200);
        const event = await fast.waitFor(() => fast.events((p) => p.externalId === externalId)[0]);
        answers.add(
          event.type === "debts"
            ? (event.debts as SandboxDebt[]).map((d) => `${d.ait ?? d.title}:${d.amount}`).join(",")
            : "error",
        );
        await new Promise((r) => setTimeout(r, 5));
      }
      expect(answers.has("error")).toBe(true);
      expect(answers.size).toBeGreaterThanOrEqual(4);
    } finally {
      await fast.close();
    }
  });
});

describe("at scale 1 the schedule's dates are São Paulo's noon, so reminders fall on the documented days", () => {
  it("day 0: the discount ends in 3 days and parcela 1/3 is due in 7; day 7: parcela 2/3 is due in 1", () => {
    const v = SANDBOX_VEHICLES.radarTimeline;
    const cycle = timelinePosition(new Date("2026-06-15T12:00:00-03:00"), 1).cycle;
    const remindersOn = (day: number) => {
      const at = new Date(timelineDayStart(cycle, day, 1).getTime() + 10 * 3_600_000); // 10:00 in São Paulo
      const step = timelineStep(v, at, 1);
      if (!("debts" in step)) throw new Error(`day ${day} is an error day`);
      for (const d of step.debts) expect(d.dueDate).toMatch(/T15:00:00\.000Z$/);
      return remindersDue(
        step.debts.map((d) => ({
          ...watched(d),
          expirationDate: d.expirationDate,
          isExpired: d.isExpired,
        })),
        at,
        { scope: "w" },
      ).map((r) => [r.kind, r.debtKey, r.daysLeft]);
    };
    expect(remindersOn(0)).toEqual([
      ["discountEnds", `ticket:ait:${aitOf(v.plate, cycle, 1)}`, 3],
      ["dueSoon", "ipva:2026:parcela-1", 7],
    ]);
    expect(remindersOn(7)).toEqual([
      ["dueSoon", "ipva:2026:parcela-2", 1],
      ["dueSoon", "licensing:2026", 5],
    ]);
  });
});
