import { spawn, spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/create-client";
import { loadEnv } from "@/lib/env/load";
import {
  overrideEnvForTests,
  setupTestEnvironment,
  type TestEnvironment,
} from "../support/test-env";
import { randomCpf, randomRenavam } from "../support/workspace-seed";

// Personal data at rest (lib/privacy, lib/db/sealed-fields.ts): what the database holds is sealed,
// the migration's data step seals rows written before, and a key rotation keeps every value
// readable while it runs, even killed half-way.

let t: TestEnvironment;
let db: Db;
let plain: Db;
let userId: string;

const newKey = (id: string) => `${id}:${randomBytes(32).toString("base64")}`;
const sealedUnder = (id: string) => new RegExp(`^v1:${id}:`);

beforeAll(async () => {
  t = await setupTestEnvironment();
  db = (await import("@/lib/db/client")).db;
  plain = (await import("@/lib/db/create-client")).plainPrismaClient(t.databaseUrl);
  userId = (
    await db.user.create({
      data: {
        id: randomUUID(),
        name: "Despachante Teste",
        email: `${randomUUID()}@placapaga.test`,
      },
    })
  ).id;
});

afterAll(async () => {
  await plain?.$disconnect();
  await t?.close();
});

function runScript(script: string, env: Record<string, string> = {}) {
  return spawnSync("npx", ["tsx", script], {
    env: t.childEnv({ DATABASE_URL: t.databaseUrl, ...env }),
    encoding: "utf8",
    timeout: 120_000,
  });
}

describe("personal data sealed at rest", () => {
  it("a client is stored sealed with its keyed hash, read back plain, and found by the hash, never by value", async () => {
    const { documentIndex } = await import("@/lib/privacy");
    const cpf = randomCpf();
    const made = await db.workspaceClient.create({
      data: {
        userId,
        name: "Joana Prado",
        cpfCnpj: cpf,
        phone: "11987654321",
        email: "joana@exemplo.com",
      },
    });
    expect(made).toMatchObject({
      name: "Joana Prado",
      cpfCnpj: cpf,
      phone: "11987654321",
      email: "joana@exemplo.com",
    });
    const stored = await plain.workspaceClient.findUniqueOrThrow({ where: { id: made.id } });
    const current = loadEnv().dataKeys.current.split(":")[0]!;
    for (const f of ["name", "cpfCnpj", "phone", "email"] as const)
      expect(stored[f]).toMatch(sealedUnder(current));
    expect(JSON.stringify(stored)).not.toContain(cpf);
    expect(stored.cpfCnpjIndex).toBe(documentIndex(cpf));
    expect(
      (
        await db.workspaceClient.findFirstOrThrow({
          where: { userId, cpfCnpjIndex: documentIndex(cpf) },
        })
      ).id,
    ).toBe(made.id);
    await expect(db.workspaceClient.findFirst({ where: { cpfCnpj: cpf } })).rejects.toThrow(
      /WorkspaceClient.cpfCnpj is sealed.*cpfCnpjIndex/,
    );
    // The same document twice for one account is refused by the unique keyed hash.
    await expect(
      db.workspaceClient.create({ data: { userId, name: "Outra", cpfCnpj: cpf } }),
    ).rejects.toMatchObject({ code: "P2002" });
  });

  it("the data step of npm run db:migrate seals rows written in clear, fills their keyed hashes, and does nothing the second time", async () => {
    const { documentIndex, contactIndex } = await import("@/lib/privacy");
    const cpf = randomCpf();
    const renavam = randomRenavam();
    const lookup = await plain.lookup.create({
      data: { externalId: randomUUID(), uf: "SP", plate: "QAA1B23", renavam, cpfCnpj: cpf },
    });
    const client = await plain.workspaceClient.create({
      data: {
        userId,
        name: "Plain Pessoa",
        cpfCnpj: cpf,
        phone: "11912345678",
        email: "plain@exemplo.com",
      },
    });
    const mail = await plain.mailMessage.create({
      data: {
        dedupeKey: randomUUID(),
        to: "plain@exemplo.com",
        subject: "s",
        template: "t",
        props: JSON.stringify({ cpf }),
        messageId: `<${randomUUID()}@placapaga.test>`,
      },
    });
    // A payment-link mail's key as it was written before: the recipient in clear in a unique index.
    const linkKey = `payment-link:${randomUUID()}`;
    const linkMail = await plain.mailMessage.create({
      data: {
        dedupeKey: `${linkKey}:Plain@Exemplo.com`,
        to: "plain@exemplo.com",
        subject: "s",
        template: "payment-link",
        props: "{}",
        messageId: `<${randomUUID()}@placapaga.test>`,
      },
    });
    const event = await plain.webhookEvent.create({
      data: {
        dedupeKey: randomUUID(),
        type: "debts",
        payload: JSON.stringify({ vehicle: { document: cpf, renavam } }),
        outcome: "applied",
      },
    });
    // Readable before the step runs: a value that was never sealed is read as it is.
    expect((await db.lookup.findUniqueOrThrow({ where: { id: lookup.id } })).cpfCnpj).toBe(cpf);

    const first = runScript("scripts/migrate.ts");
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/\[migrate\] personal data sealed: .*Lookup/);
    const current = loadEnv().dataKeys.current.split(":")[0]!;
    const rawLookup = await plain.lookup.findUniqueOrThrow({ where: { id: lookup.id } });
    expect(rawLookup).toMatchObject({
      cpfCnpj: expect.stringMatching(sealedUnder(current)),
      renavam: expect.stringMatching(sealedUnder(current)),
      cpfCnpjIndex: documentIndex(cpf),
    });
    expect(
      (await plain.workspaceClient.findUniqueOrThrow({ where: { id: client.id } })).cpfCnpjIndex,
    ).toBe(documentIndex(cpf));
    const rawMail = await plain.mailMessage.findUniqueOrThrow({ where: { id: mail.id } });
    expect(rawMail.props).toMatch(sealedUnder(current));
    expect(rawMail.toIndex).toBe(contactIndex("plain@exemplo.com"));
    expect(
      (await plain.mailMessage.findUniqueOrThrow({ where: { id: linkMail.id } })).dedupeKey,
    ).toBe(`${linkKey}:${contactIndex("plain@exemplo.com")}`);
    expect(
      (await plain.webhookEvent.findUniqueOrThrow({ where: { id: event.id } })).payload,
    ).not.toContain(cpf);
    // The app reads them plain.
    expect(await db.workspaceClient.findUniqueOrThrow({ where: { id: client.id } })).toMatchObject({
      name: "Plain Pessoa",
      cpfCnpj: cpf,
      email: "plain@exemplo.com",
    });
    expect(
      JSON.parse((await db.webhookEvent.findUniqueOrThrow({ where: { id: event.id } })).payload),
    ).toEqual({ vehicle: { document: cpf, renavam } });

    const again = runScript("scripts/migrate.ts");
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/every value already sealed under the current key/);
  });

  it("start-up names DATA_ENCRYPTION_KEY when the keys cannot open what is stored", async () => {
    const { checkDataKeys } = await import("@/lib/db/reseal");
    await db.workspaceClient.create({ data: { userId, name: "Chave", cpfCnpj: randomCpf() } });
    expect(await checkDataKeys(plain)).toBeNull();
    const current = loadEnv().dataKeys.current;
    const restore = overrideEnvForTests({ DATA_ENCRYPTION_KEY: newKey("other") });
    try {
      expect(await checkDataKeys(plain)).toMatch(
        /^DATA_ENCRYPTION_KEY: stored personal data \(\w+\.\w+\) is sealed under key id "[\w-]+", which neither DATA_ENCRYPTION_KEY \(key id "other"\)/,
      );
      overrideEnvForTests({ DATA_ENCRYPTION_KEY: newKey(current.split(":")[0]!) });
      expect(await checkDataKeys(plain)).toMatch(
        /^DATA_ENCRYPTION_KEY: the key given for key id .* does not open stored personal data/,
      );
    } finally {
      restore();
    }
  });

  it("a key rotation killed half-way leaves every value readable; run again while requests write and read, it ends with every value under the new key", async () => {
    const { staleValues } = await import("@/lib/db/reseal");
    const seeded = Array.from({ length: 600 }, (_, i) => ({
      userId,
      name: `Rotação ${i}`,
      cpfCnpj: randomCpf(),
      phone: `119${String(i).padStart(8, "0")}`,
      email: `rot${i}@exemplo.com`,
    }));
    await db.workspaceClient.createMany({ data: seeded });
    const oldKey = loadEnv().dataKeys.current;
    const keyId = `rot${randomBytes(3).toString("hex")}`;
    const rotated = { DATA_ENCRYPTION_KEY: newKey(keyId), DATA_ENCRYPTION_PREVIOUS_KEYS: oldKey };
    const restore = overrideEnvForTests(rotated);
    try {
      const expected = new Map<
        string,
        { name: string; cpfCnpj: string; phone: string | null; email: string }
      >(seeded.map((c) => [c.email, c]));
      const readAll = async () => {
        const rows = await db.workspaceClient.findMany({ where: { userId } });
        for (const r of rows)
          if (expected.has(r.email!)) expect(r).toMatchObject(expected.get(r.email!)!);
        return rows.length;
      };

      // Killed as soon as its first page is written.
      // One process (no npx or tsx launcher in between), so the kill lands on the rotation itself.
      const killed = spawn(process.execPath, ["--import", "tsx", "scripts/rotate-data-key.ts"], {
        env: t.childEnv({ DATABASE_URL: t.databaseUrl, ...rotated }),
        stdio: ["ignore", "ignore", "pipe"],
      });
      await new Promise<void>((resolve) => {
        let err = "";
        killed.stderr!.on("data", (c: Buffer) => {
          err += c.toString();
          if (/WorkspaceClient \d+ rows/.test(err)) {
            killed.kill("SIGKILL");
            resolve();
          }
        });
        killed.on("close", () => resolve());
      });
      const halfway = await staleValues(plain);
      expect(halfway.WorkspaceClient).toBeGreaterThan(0);
      await readAll();

      // Requests keep writing and reading while the rotation runs again.
      let running = true;
      let requests = 0;
      const traffic = (async () => {
        while (running) {
          const c = {
            userId,
            name: `Durante ${requests}`,
            cpfCnpj: randomCpf(),
            email: `durante${requests}@exemplo.com`,
          };
          expected.set(c.email, { ...c, phone: null });
          await db.workspaceClient.create({ data: c });
          await readAll();
          requests++;
          // Yield to timers and I/O: SQLite's driver is synchronous, so a loop of queries alone would
          // never let the child's exit be seen.
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      const run = runScriptAsync("scripts/rotate-data-key.ts", rotated);
      const result = await run;
      running = false;
      await traffic;
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toMatch(new RegExp(`done: every value is sealed under "${keyId}"`));
      expect(requests).toBeGreaterThan(0);
      expect(Object.values(await staleValues(plain)).every((n) => n === 0)).toBe(true);
      expect(await readAll()).toBeGreaterThanOrEqual(600 + requests);

      // The old key is no longer needed.
      overrideEnvForTests({ DATA_ENCRYPTION_PREVIOUS_KEYS: undefined });
      expect(await readAll()).toBeGreaterThanOrEqual(600 + requests);
    } finally {
      restore();
    }
  });
});

function runScriptAsync(
  script: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    // stdout ignored: an unread pipe would keep "close" from ever firing.
    const child = spawn("npx", ["tsx", script], {
      env: t.childEnv({ DATABASE_URL: t.databaseUrl, ...env }),
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("close", (code) => resolve({ code, stderr }));
  });
}
