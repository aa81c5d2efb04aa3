import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { familyVehicle } from "@/lib/sandbox/catalog/family";
import { eventually } from "../support/mail-harness";
import { setupTestEnvironment, startTestSmtp, type TestEnvironment } from "../support/test-env";

// Radar for the vehicle's owner on a real database (SQLite, and PostgreSQL in that project), with
// real SMTP: subscribe after a lookup, confirm (double opt-in), the events the engine writes become
// at most one mail a day per vehicle, unsubscribe erases at once; forged, replayed and other
// people's tokens change nothing; SMTP down delays the mail, loses none, sends none twice; the
// retention task and a person's erasure take owner watches too.

let t: TestEnvironment;
let revived: Awaited<ReturnType<typeof startTestSmtp>> | undefined;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await setupTestEnvironment({ env: { RADAR_CONFIRM_TTL_HOURS: "48" } });
});
afterAll(async () => {
  await revived?.close();
  await t.close();
});

const db = async () => (await import("@/lib/db/client")).db;
const radar = async () => ({
  ...(await import("@/lib/radar/owner-subscribe")),
  ...(await import("@/lib/radar/owner-confirm")),
  ...(await import("@/lib/radar/owner-mails")),
  ...(await import("@/lib/radar/owner-lookup")),
  ...(await import("@/lib/personal-data/radar-unsubscribe")),
});

let plateSeq = 0;
/** A finished lookup of an RDR… vehicle of the test's own, as a person's lookup leaves it. */
async function ownerLookup(status = "debts") {
  const plate = `RDR${plateSeq % 10}${"BCDEFGHJKL"[Math.floor(plateSeq / 10) % 10]}${String(40 + (plateSeq++ % 60)).padStart(2, "0")}`;
  const v = familyVehicle(plate)!;
  const { lookupRowData } = await import("@/lib/lookups/start-lookup");
  const row = await (
    await db()
  ).lookup.create({
    data: {
      ...lookupRowData({
        uf: v.uf as never,
        plate: v.plate,
        renavam: v.renavam,
        cpfCnpj: v.cpfCnpj,
      }),
      status,
    },
  });
  return { lookupId: row.id, plate: v.plate, uf: v.uf, renavam: v.renavam, cpfCnpj: v.cpfCnpj };
}

const email = () => `dono-${randomUUID().slice(0, 8)}@example.com`;

/** The links of the newest confirmation mail to `to` (props are sealed at rest; the client opens them). */
async function confirmationLinks(watchId: string) {
  const mails = await (
    await db()
  ).mailMessage.findMany({
    where: { dedupeKey: { startsWith: `radar-confirm:${watchId}:` } },
    orderBy: { createdAt: "desc" },
  });
  const props = JSON.parse(mails[0]!.props) as {
    confirmUrl: string;
    unsubscribeUrl: string;
    oneClickUrl: string;
  };
  return {
    count: mails.length,
    confirm: props.confirmUrl.split("/").pop()!,
    unsubscribe: props.unsubscribeUrl.split("/").pop()!,
    props,
  };
}

async function subscribed() {
  const { subscribeOwner } = await radar();
  const l = await ownerLookup();
  const to = email();
  await subscribeOwner({ lookupId: l.lookupId, email: to });
  const watch = await (
    await db()
  ).radarWatch.findFirstOrThrow({ where: { baselineLookupId: l.lookupId } });
  return { ...l, to, watch, links: await confirmationLinks(watch.id) };
}

async function confirmed() {
  const s = await subscribed();
  expect(await (await radar()).confirmOwnerWatch(s.links.confirm)).toBe("confirmed");
  return s;
}

/** What the engine writes when a scan finds a change (contract: userId null for owner watches). */
async function engineEvent(watchId: string, over: Record<string, unknown> = {}) {
  return (await db()).radarEvent.create({
    data: {
      watchId,
      userId: null,
      dedupeKey: `${watchId}|appeared|${randomUUID()}`,
      kind: "appeared",
      debtKey: `ticket:ait:${randomUUID()}`,
      type: "ticket",
      title: "Multa - Estacionar em local proibido",
      amountCents: 19_523,
      dueDate: new Date("2026-12-20T15:00:00Z"),
      ...over,
    },
  });
}

const forged = () => randomBytes(32).toString("base64url");

describe("the subscription's limit per client address, attacked as a stranger would", () => {
  it("a forged X-Forwarded-For does not escape it: the 11th request from one address is refused with nothing stored or mailed; another address goes on", async () => {
    const { subscribeOwnerFrom } = await radar();
    const { CLIENT_IP_HEADER } = await import("@/lib/security/client-address");
    // What our server hands the route: the socket's address in CLIENT_IP_HEADER (always
    // overwritten), and whatever the sender wrote in X-Forwarded-For.
    const from = (address: string, forged: string) =>
      new Headers({ [CLIENT_IP_HEADER]: address, "x-forwarded-for": forged });
    const d = await db();
    const mailsBefore = await d.mailMessage.count({
      where: { dedupeKey: { startsWith: "radar-confirm:" } },
    });
    for (let k = 0; k < 10; k++) {
      const l = await ownerLookup();
      expect(
        (
          await subscribeOwnerFrom(from("203.0.113.77", `198.51.100.${k}`), {
            lookupId: l.lookupId,
            email: email(),
          })
        ).outcome,
      ).toBe("confirmation_sent");
    }
    const refused = await ownerLookup();
    await expect(
      subscribeOwnerFrom(from("203.0.113.77", "198.51.100.200"), {
        lookupId: refused.lookupId,
        email: email(),
      }),
    ).rejects.toMatchObject({ code: "RATE_LIMITED" });
    expect(await d.radarWatch.count({ where: { baselineLookupId: refused.lookupId } })).toBe(0);
    expect(
      await d.mailMessage.count({ where: { dedupeKey: { startsWith: "radar-confirm:" } } }),
    ).toBe(mailsBefore + 10);
    const other = await ownerLookup();
    expect(
      (
        await subscribeOwnerFrom(from("203.0.113.78", "203.0.113.77"), {
          lookupId: other.lookupId,
          email: email(),
        })
      ).outcome,
    ).toBe("confirmation_sent");
  });
});

describe("confirmation e-mails to one address, asked for from many client addresses", () => {
  it("the 4th confirmation to one mailbox is refused whatever address asks and however the address is written (case, spaces, a +tag); an answer that sends nothing takes no point", async () => {
    const { subscribeOwnerFrom, confirmOwnerWatch } = await radar();
    const { CLIENT_IP_HEADER } = await import("@/lib/security/client-address");
    const from = (k: number) => new Headers({ [CLIENT_IP_HEADER]: `192.0.2.${k}` });
    const d = await db();
    const victim = email();
    const written = [
      victim,
      ` ${victim.toUpperCase()} `,
      victim[0]!.toUpperCase() + victim.slice(1),
    ];
    const watches: string[] = [];
    for (let k = 0; k < 3; k++) {
      const l = await ownerLookup();
      expect(
        (await subscribeOwnerFrom(from(k + 1), { lookupId: l.lookupId, email: written[k]! }))
          .outcome,
      ).toBe("confirmation_sent");
      watches.push(
        (await d.radarWatch.findFirstOrThrow({ where: { baselineLookupId: l.lookupId } })).id,
      );
    }
    const refused = await ownerLookup();
    const refusal = (await subscribeOwnerFrom(from(9), {
      lookupId: refused.lookupId,
      email: victim,
    }).catch((e: unknown) => e)) as Error & { code: string; userMessage: string };
    expect(refusal.code).toBe("RATE_LIMITED");
    expect(refusal.userMessage).toMatch(
      /^Já enviamos várias confirmações de aviso para este e-mail\. Use a mais recente ou espere\. Aguarde \d+ minutos? e tente de novo\.$/,
    );
    expect(await d.radarWatch.count({ where: { baselineLookupId: refused.lookupId } })).toBe(0);
    expect(
      await d.mailMessage.count({
        where: { dedupeKey: { in: watches.map((w) => `radar-confirm:${w}`) } },
      }),
    ).toBe(0);
    expect(
      await d.mailMessage.count({
        where: { OR: watches.map((w) => ({ dedupeKey: { startsWith: `radar-confirm:${w}:` } })) },
      }),
    ).toBe(3);
    // The same mailbox behind a "+tag" (and its provider's case) is the same limit: refused too.
    const [name, domain] = victim.split("@") as [string, string];
    for (const [k, tagged] of [
      `${name}+1@${domain}`,
      `${name.toUpperCase()}+radar@${domain}`,
    ].entries()) {
      const l = await ownerLookup();
      await expect(
        subscribeOwnerFrom(from(10 + k), { lookupId: l.lookupId, email: tagged }),
      ).rejects.toMatchObject({ code: "RATE_LIMITED" });
      expect(await d.radarWatch.count({ where: { baselineLookupId: l.lookupId } })).toBe(0);
    }
    // Another mailbox from the same client addresses is not affected.
    expect(
      (await subscribeOwnerFrom(from(9), { lookupId: refused.lookupId, email: email() })).outcome,
    ).toBe("confirmation_sent");

    // A fresh mailbox: its first confirmation, then answers that mail nothing (already active, an
    // unknown lookup) many times, and it still has two confirmations left.
    const owner = email();
    const l = await ownerLookup();
    expect(
      (await subscribeOwnerFrom(from(20), { lookupId: l.lookupId, email: owner })).outcome,
    ).toBe("confirmation_sent");
    const watch = await d.radarWatch.findFirstOrThrow({ where: { baselineLookupId: l.lookupId } });
    expect(await confirmOwnerWatch((await confirmationLinks(watch.id)).confirm)).toBe("confirmed");
    for (let k = 0; k < 4; k++) {
      expect(
        (await subscribeOwnerFrom(from(21 + k), { lookupId: l.lookupId, email: owner })).outcome,
      ).toBe("already_active");
      await expect(
        subscribeOwnerFrom(from(21 + k), { lookupId: "c".repeat(25), email: owner }),
      ).rejects.toMatchObject({ code: "LOOKUP_NOT_FOUND" });
    }
    for (let k = 0; k < 2; k++)
      expect(
        (
          await subscribeOwnerFrom(from(30 + k), {
            lookupId: (await ownerLookup()).lookupId,
            email: owner,
          })
        ).outcome,
      ).toBe("confirmation_sent");
    await expect(
      subscribeOwnerFrom(from(40), { lookupId: (await ownerLookup()).lookupId, email: owner }),
    ).rejects.toMatchObject({ code: "RATE_LIMITED" });
  });
});

describe("subscribe and confirm (double opt-in)", () => {
  it("a subscription waits unconfirmed with the lookup's data sealed; asking again re-sends, never a second watch; the link's GET changes nothing, its POST turns it on once", async () => {
    const { subscribeOwner, confirmLinkState, confirmOwnerWatch } = await radar();
    const l = await ownerLookup();
    const to = email();
    expect(await subscribeOwner({ lookupId: l.lookupId, email: to })).toEqual({
      outcome: "confirmation_sent",
      email: to,
    });
    const d = await db();
    const watch = await d.radarWatch.findFirstOrThrow({ where: { baselineLookupId: l.lookupId } });
    expect(watch).toMatchObject({
      kind: "owner",
      status: "pending_confirmation",
      userId: null,
      recurrence: "weekly",
      uf: l.uf,
      plate: l.plate,
      renavam: l.renavam,
      cpfCnpj: l.cpfCnpj,
      email: to,
      notBefore: null,
    });
    // At rest the personal columns are ciphertext; found only by keyed hashes.
    const raw = await d.$queryRawUnsafe<{ cpfCnpj: string; email: string }[]>(
      `SELECT "cpfCnpj", "email" FROM "RadarWatch" WHERE "id" = '${watch.id}'`,
    );
    expect(raw[0]!.cpfCnpj).toMatch(/^v1:/);
    expect(raw[0]!.email).toMatch(/^v1:/);
    const first = await confirmationLinks(watch.id);

    // Asked again (the address in other case): the same row, a new confirmation; the old link is replaced.
    expect((await subscribeOwner({ lookupId: l.lookupId, email: to.toUpperCase() })).outcome).toBe(
      "confirmation_sent",
    );
    expect(await d.radarWatch.count({ where: { baselineLookupId: l.lookupId } })).toBe(1);
    const second = await confirmationLinks(watch.id);
    expect(second.count).toBe(2);
    expect(await confirmLinkState(first.confirm)).toBe("invalid");

    // GET (a mail scanner) does nothing.
    expect(await confirmLinkState(second.confirm)).toBe("pending");
    expect((await d.radarWatch.findUniqueOrThrow({ where: { id: watch.id } })).status).toBe(
      "pending_confirmation",
    );

    expect(await confirmOwnerWatch(second.confirm)).toBe("confirmed");
    const active = await d.radarWatch.findUniqueOrThrow({ where: { id: watch.id } });
    expect(active.status).toBe("active");
    expect(active.confirmedAt).not.toBeNull();
    expect(active.notBefore).not.toBeNull();
    expect(active.notBefore!.getTime()).toBe(active.nextScanAt!.getTime());
    // Replayed: says so, changes nothing.
    expect(await confirmOwnerWatch(second.confirm)).toBe("already_confirmed");
    expect((await d.radarWatch.findUniqueOrThrow({ where: { id: watch.id } })).notBefore).toEqual(
      active.notBefore,
    );
    // Active already: asking again sends nothing.
    expect((await subscribeOwner({ lookupId: l.lookupId, email: to })).outcome).toBe(
      "already_active",
    );
    expect((await confirmationLinks(watch.id)).count).toBe(2);
  });

  it("refuses a lookup it does not know, an erased one and one that found no vehicle, in words", async () => {
    const { subscribeOwner } = await radar();
    await expect(subscribeOwner({ lookupId: randomUUID(), email: email() })).rejects.toMatchObject({
      code: "LOOKUP_NOT_FOUND",
    });
    const gone = await ownerLookup();
    await (
      await db()
    ).lookup.update({
      where: { id: gone.lookupId },
      data: { cpfCnpj: "", renavam: "", personalDataErasedAt: new Date() },
    });
    await expect(subscribeOwner({ lookupId: gone.lookupId, email: email() })).rejects.toMatchObject(
      { code: "LOOKUP_NOT_FOUND" },
    );
    const notFound = await ownerLookup("not_found");
    await expect(
      subscribeOwner({ lookupId: notFound.lookupId, email: email() }),
    ).rejects.toMatchObject({
      code: "RADAR_NOT_WATCHABLE",
      userMessage: expect.stringMatching(/não encontrou o veículo/),
    });
  });

  it("forged tokens and another person's links do nothing to anyone's watch", async () => {
    const { confirmOwnerWatch, unsubscribeOwner, freshLookupState } = await radar();
    const a = await subscribed();
    const b = await subscribed();
    expect(await confirmOwnerWatch(forged())).toBe("invalid");
    expect(await confirmOwnerWatch("../../etc")).toBe("invalid");
    expect(await unsubscribeOwner(forged())).toBe("invalid");
    // A fresh-lookup token naming B's watch with a hash it did not get from us.
    expect(await freshLookupState(`${b.watch.id}.${forged()}`)).toEqual({ kind: "invalid" });
    // A's links act on A only.
    expect(await confirmOwnerWatch(a.links.confirm)).toBe("confirmed");
    expect(await unsubscribeOwner(a.links.unsubscribe)).toBe("cancelled");
    const d = await db();
    expect(await d.radarWatch.findUniqueOrThrow({ where: { id: b.watch.id } })).toMatchObject({
      status: "pending_confirmation",
      email: b.to,
      personalDataErasedAt: null,
    });
    expect(await confirmOwnerWatch(b.links.confirm)).toBe("confirmed");
  });
});

describe("the owner's e-mails", () => {
  it("turns the engine's events into one mail per vehicle per São Paulo day: later events wait for tomorrow's; two ticks at once queue one", async () => {
    const { ownerMailsTick, dailyMailKey, saoPauloDay } = await radar();
    const s = await confirmed();
    const d = await db();
    const e1 = await engineEvent(s.watch.id);
    const e2 = await engineEvent(s.watch.id, {
      kind: "discountEnds",
      type: "ticket",
      title: "Multa - Velocidade até 20% acima da máxima",
      amountCents: 7_810,
      dueDate: new Date("2026-12-03T15:00:00Z"),
    });
    const now = new Date();
    const [a, b] = await Promise.all([ownerMailsTick(now), ownerMailsTick(now)]);
    expect(a + b).toBe(1);
    const today = await d.mailMessage.findMany({
      where: { dedupeKey: { startsWith: `radar-owner:${s.watch.id}:` } },
    });
    expect(today.map((m) => m.dedupeKey)).toEqual([dailyMailKey(s.watch.id, saoPauloDay(now))]);
    expect(today[0]).toMatchObject({ to: s.to, template: "radar-owner-changes" });
    const props = JSON.parse(today[0]!.props) as {
      changes: { kind: string }[];
      lookupUrl: string;
      unsubscribeUrl: string;
    };
    expect(props.changes.map((c) => c.kind).sort()).toEqual(["appeared", "discountEnds"]);
    expect(props.lookupUrl).not.toContain(s.cpfCnpj);
    expect(props.unsubscribeUrl).toContain(s.links.unsubscribe);
    expect(
      (await d.radarEvent.findMany({ where: { id: { in: [e1.id, e2.id] } } })).every(
        (e) => e.ownerMailedAt !== null,
      ),
    ).toBe(true);

    // Found after today's mail: waits.
    const e3 = await engineEvent(s.watch.id, {
      kind: "amountChanged",
      reason: "discountEnded",
      amountCents: 13_016,
      previousAmountCents: 7_810,
    });
    expect(await ownerMailsTick(now)).toBe(0);
    expect(
      (await d.radarEvent.findUniqueOrThrow({ where: { id: e3.id } })).ownerMailedAt,
    ).toBeNull();
    // Tomorrow it goes, alone.
    const tomorrow = new Date(now.getTime() + DAY_MS);
    expect(await ownerMailsTick(tomorrow)).toBe(1);
    const next = await d.mailMessage.findUniqueOrThrow({
      where: { dedupeKey: dailyMailKey(s.watch.id, saoPauloDay(tomorrow)) },
    });
    expect(
      (JSON.parse(next.props) as { changes: { kind: string }[] }).changes.map((c) => c.kind),
    ).toEqual(["amountChanged"]);
    expect(await ownerMailsTick(tomorrow)).toBe(0);
  });

  it("an unconfirmed watch never gets a mail; one that stopped by itself gets its own notice, once, and then loses its data", async () => {
    const { ownerMailsTick, stopNoticeKey } = await radar();
    const { purgePersonalData } = await import("@/lib/personal-data/purge");
    const d = await db();
    const pending = await subscribed();
    await engineEvent(pending.watch.id);
    expect(await ownerMailsTick()).toBe(0);
    expect(
      await d.mailMessage.count({
        where: { dedupeKey: { startsWith: `radar-owner:${pending.watch.id}:` } },
      }),
    ).toBe(0);

    const s = await confirmed();
    await engineEvent(s.watch.id);
    // The engine stops a watch whose CPF the authority refuses, with a "stopped" event.
    await d.radarWatch.update({
      where: { id: s.watch.id },
      data: {
        status: "stopped",
        stopReason: "wrong_document",
        stoppedAt: new Date(),
        notBefore: null,
      },
    });
    await engineEvent(s.watch.id, {
      kind: "stopped",
      reason: "wrong_document",
      type: null,
      title: null,
      amountCents: null,
      dueDate: null,
      debtKey: null,
    });
    // Before the notice is queued, retention keeps the address it needs.
    await purgePersonalData();
    expect((await d.radarWatch.findUniqueOrThrow({ where: { id: s.watch.id } })).email).toBe(s.to);
    expect(await ownerMailsTick()).toBe(1);
    expect(await ownerMailsTick()).toBe(0);
    const notice = await d.mailMessage.findUniqueOrThrow({
      where: { dedupeKey: stopNoticeKey(s.watch.id) },
    });
    expect(notice).toMatchObject({ to: s.to, template: "radar-owner-stopped" });
    expect(JSON.parse(notice.props)).toMatchObject({ reason: "wrong_document" });
    const purged = await purgePersonalData();
    expect(purged["radar_watch:stopped"]).toBeGreaterThanOrEqual(1);
    expect(await d.radarWatch.findUniqueOrThrow({ where: { id: s.watch.id } })).toMatchObject({
      plate: "",
      renavam: "",
      cpfCnpj: "",
      email: "",
      emailIndex: null,
      cpfCnpjIndex: null,
      ownerKey: null,
    });
    // The notice still goes out: the outbox holds its own copy of the address until its period ends.
    expect((await d.mailMessage.findUniqueOrThrow({ where: { id: notice.id } })).to).toBe(s.to);
  });

  it("SMTP down delays the owner's mail; it is sent once when the relay is back, never twice", async () => {
    const { ownerMailsTick, dailyMailKey, saoPauloDay } = await radar();
    const outbox = await import("@/lib/mail/outbox");
    const { outboxIdle } = await import("@/lib/mail/worker");
    const d = await db();
    const s = await confirmed();
    await engineEvent(s.watch.id);
    const port = t.smtp.port;
    await t.smtp.close();
    const now = new Date();
    expect(await ownerMailsTick(now)).toBe(1);
    const key = dailyMailKey(s.watch.id, saoPauloDay(now));
    await eventually(async () =>
      expect(
        (await d.mailMessage.findUniqueOrThrow({ where: { dedupeKey: key } })).lastError,
      ).toBeTruthy(),
    );
    await outboxIdle();
    const waiting = await d.mailMessage.findUniqueOrThrow({ where: { dedupeKey: key } });
    expect(waiting.status).toBe("pending");
    // The events are told by this message: no second one is queued for them.
    expect(await ownerMailsTick(now)).toBe(0);

    revived = await startTestSmtp(port);
    // The back-off elapsed.
    await d.mailMessage.update({ where: { id: waiting.id }, data: { notBefore: new Date() } });
    const job = outbox.outboxJob({ retry: { maxAttempts: 20, baseDelayMs: 50, maxDelayMs: 100 } });
    await eventually(async () => {
      await outbox.drainOnce(job);
      expect((await d.mailMessage.findUniqueOrThrow({ where: { id: waiting.id } })).status).toBe(
        "sent",
      );
    });
    await outbox.drainOnce(job);
    const received = await d.receivedMail.findMany({ where: { messageId: waiting.messageId } });
    expect(received).toHaveLength(1);
    expect(received[0]!.deliveries).toBe(1);
    expect(received[0]!.subject).toContain("Nova multa");
    expect(received[0]!.text).toMatch(/R\$\s195,23/);
  });
});

describe("unsubscribe erases at once", () => {
  it("stops the watch and erases its data, events, its scans' lookups and its unsent mails; replay says already cancelled; nothing is mailed after", async () => {
    const { unsubscribeOwner, unsubscribeLinkState, ownerMailsTick, freshLookupState } =
      await radar();
    const { lookupRowData } = await import("@/lib/lookups/start-lookup");
    const d = await db();
    const s = await confirmed();
    // A scan the engine made: its lookup holds the person too.
    const scanLookup = await d.lookup.create({
      data: {
        ...lookupRowData({
          uf: s.uf as never,
          plate: s.plate,
          renavam: s.renavam,
          cpfCnpj: s.cpfCnpj,
        }),
        status: "debts",
      },
    });
    await d.radarScan.create({
      data: { watchId: s.watch.id, dueAt: new Date(), lookupId: scanLookup.id, status: "done" },
    });
    const queued = await d.radarScan.create({
      data: {
        watchId: s.watch.id,
        dueAt: new Date(Date.now() + DAY_MS),
        status: "queued",
        notBefore: new Date(Date.now() + DAY_MS),
      },
    });
    await engineEvent(s.watch.id);
    // Today's mail queued but not sent yet (the relay is slow): it must not go out after the click.
    await d.mailMessage.create({
      data: {
        dedupeKey: `radar-owner:${s.watch.id}:2099-01-01`,
        to: s.to,
        subject: "x",
        template: "radar-owner-changes",
        props: "{}",
        messageId: `<${randomUUID()}@t>`,
        notBefore: new Date(Date.now() + DAY_MS),
      },
    });

    expect(await unsubscribeLinkState(s.links.unsubscribe)).toBe("active");
    expect(await unsubscribeOwner(s.links.unsubscribe)).toBe("cancelled");
    const w = await d.radarWatch.findUniqueOrThrow({ where: { id: s.watch.id } });
    expect(w).toMatchObject({
      status: "stopped",
      stopReason: "unsubscribed",
      plate: "",
      renavam: "",
      cpfCnpj: "",
      email: "",
      emailIndex: null,
      cpfCnpjIndex: null,
      ownerKey: null,
      notBefore: null,
      nextScanAt: null,
    });
    expect(w.personalDataErasedAt).not.toBeNull();
    expect(await d.radarEvent.count({ where: { watchId: s.watch.id } })).toBe(0);
    expect(await d.lookup.findUniqueOrThrow({ where: { id: scanLookup.id } })).toMatchObject({
      cpfCnpj: "",
      renavam: "",
      cpfCnpjIndex: null,
    });
    expect((await d.radarScan.findUniqueOrThrow({ where: { id: queued.id } })).status).toBe(
      "skipped",
    );
    const mails = await d.mailMessage.findMany({
      where: {
        OR: [
          { dedupeKey: { startsWith: `radar-owner:${s.watch.id}:` } },
          { dedupeKey: { startsWith: `radar-confirm:${s.watch.id}:` } },
        ],
      },
    });
    expect(mails.length).toBeGreaterThanOrEqual(2);
    expect(
      mails.every((m) => m.to === "" && m.personalDataErasedAt !== null && m.status !== "pending"),
    ).toBe(true);
    // The owner's own lookup follows the ordinary retention (it may have paid from it).
    expect((await d.lookup.findUniqueOrThrow({ where: { id: s.lookupId } })).cpfCnpj).toBe(
      s.cpfCnpj,
    );

    expect(await unsubscribeOwner(s.links.unsubscribe)).toBe("already_cancelled");
    expect(await unsubscribeLinkState(s.links.unsubscribe)).toBe("already_cancelled");
    expect(await freshLookupState(`${s.watch.id}.x`)).toEqual({ kind: "invalid" });
    // An event a scan in flight wrote after the click is never mailed.
    await engineEvent(s.watch.id);
    expect(await ownerMailsTick(new Date(Date.now() + 2 * DAY_MS))).toBe(0);
    // The address is free again: subscribing anew makes a new watch.
    const { subscribeOwner } = await radar();
    expect((await subscribeOwner({ lookupId: s.lookupId, email: s.to })).outcome).toBe(
      "confirmation_sent",
    );
    expect(await d.radarWatch.count({ where: { baselineLookupId: s.lookupId } })).toBe(2);
  });

  it("RFC 8058 one-click: POST to the List-Unsubscribe URL cancels; a forged token is 404", async () => {
    const { POST } = await import("@/app/api/radar/cancelar/[token]/route");
    const { apiRequest, params } = await import("../support/upstream-helpers");
    const s = await confirmed();
    // What a mail provider sends: a form body, from its own servers (no Origin of ours).
    const post = (token: string) =>
      POST(
        apiRequest(`/api/radar/cancelar/${token}`, {
          rawBody: "List-Unsubscribe=One-Click",
          origin: null,
          headers: { "content-type": "application/x-www-form-urlencoded" },
        }),
        params({ token }),
      );
    const bad = await post(forged());
    expect(bad.status).toBe(404);
    expect(await bad.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
    const ok = await post(s.links.unsubscribe);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ outcome: "cancelled" });
    expect(await (await post(s.links.unsubscribe)).json()).toEqual({
      outcome: "already_cancelled",
    });
    expect(s.links.props.oneClickUrl).toBe(
      `http://localhost:3999/api/radar/cancelar/${s.links.unsubscribe}`,
    );
  });
});

describe("the mail's fresh-lookup link", () => {
  it("looks the vehicle up again from the watch's own data over the sandbox, with no document in the URL", async () => {
    const { startFreshLookup, freshLookupState } = await radar();
    const { freshLookupToken } = await import("@/lib/radar/owner-links");
    const s = await confirmed();
    const token = freshLookupToken(s.watch.id);
    expect(token).not.toContain(s.cpfCnpj);
    expect(await freshLookupState(token)).toEqual({ kind: "ready", plate: s.plate });
    const { lookupId } = await startFreshLookup(token);
    const fresh = await (await db()).lookup.findUniqueOrThrow({ where: { id: lookupId } });
    expect(fresh).toMatchObject({
      plate: s.plate,
      uf: s.uf,
      renavam: s.renavam,
      cpfCnpj: s.cpfCnpj,
    });
    expect(fresh.transactionId).toBeTruthy();
  });
});

describe("retention and a person's rights", () => {
  it("a watch never confirmed within RADAR_CONFIRM_TTL_HOURS is erased, and its link then says expired or cancelled", async () => {
    const { confirmLinkState } = await radar();
    const { purgePersonalData } = await import("@/lib/personal-data/purge");
    const s = await subscribed();
    const d = await db();
    // Anything else that updates the row (here: a write 47 h on) does not move the link's clock.
    await d.radarWatch.update({
      where: { id: s.watch.id },
      data: { updatedAt: new Date(Date.now() + 47 * 3_600_000) },
    });
    const later = new Date(Date.now() + 49 * 3_600_000);
    expect(await confirmLinkState(s.links.confirm, new Date(Date.now() + 47 * 3_600_000))).toBe(
      "pending",
    );
    expect(await confirmLinkState(s.links.confirm, later)).toBe("expired");
    const purged = await purgePersonalData({ now: later });
    expect(purged["radar_watch:unconfirmed"]).toBeGreaterThanOrEqual(1);
    expect(
      await (await db()).radarWatch.findUniqueOrThrow({ where: { id: s.watch.id } }),
    ).toMatchObject({ status: "stopped", stopReason: "unconfirmed", email: "", cpfCnpj: "" });
    // The token's hash went with the data: the link is no longer one of ours.
    expect(await confirmLinkState(s.links.confirm, later)).toBe("invalid");
  });

  it("export and erase by CPF include the person's owner watches", async () => {
    const { exportPerson } = await import("@/lib/personal-data/person");
    const { erasePerson } = await import("@/lib/personal-data/erase-person");
    const s = await confirmed();
    await engineEvent(s.watch.id);
    const exported = await exportPerson(s.cpfCnpj);
    expect(exported.radarWatches).toMatchObject([
      {
        id: s.watch.id,
        status: "active",
        email: s.to,
        cpfCnpj: s.cpfCnpj,
        vehicle: { plate: s.plate, renavam: s.renavam },
      },
    ]);
    expect(exported.radarWatches[0]!.events).toHaveLength(1);
    const { report } = await erasePerson(s.cpfCnpj);
    expect(report.erased.radarWatches).toBe(1);
    expect(
      await (await db()).radarWatch.findUniqueOrThrow({ where: { id: s.watch.id } }),
    ).toMatchObject({ status: "stopped", stopReason: "removed", email: "", cpfCnpjIndex: null });
    expect((await exportPerson(s.cpfCnpj)).radarWatches).toEqual([]);
  });
});
