import { randomUUID } from "node:crypto";
import { copyFileSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { loadEnv } from "@/lib/env/load";
import {
  freePort,
  spawnGroup,
  stopGroup,
  waitHealthy,
  type GroupProcess,
} from "../support/app-process";

// The test environment's mailbox shows every e-mail the shop sent; with a production key it must
// not exist. The storefront runs as `npm start` runs it (scripts/start.ts, production build) on a
// database that holds a received e-mail, once with a test key (the pages answer and show it: this
// test can fail) and once with a live key (every page under app/dev answers 404, nothing shown).
// Both point at an unreachable https upstream with SMTP_URL set: no sandbox, no embedded SMTP.

const SUBJECT = `Pagamento aprovado: segredo-${randomUUID().slice(0, 8)}`;
const dbFile = path.resolve(`data/test/mailbox-live-${randomUUID()}.db`);
let mailId = "";
let server: GroupProcess | undefined;

const ATTACHMENT = `anexo-secreto-${randomUUID().slice(0, 8)}`;

/** Every page and route under app/dev (the mailbox and whatever joins it), ids filled in (an attachment's index: 0, the one stored). */
function devPaths(dir = "app/dev", prefix = "/dev"): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    const segment = name === "[index]" ? "0" : /^\[.+\]$/.test(name) ? mailId : name;
    if (statSync(full).isDirectory()) found.push(...devPaths(full, `${prefix}/${segment}`));
    else if (/^(page|route)\.tsx?$/.test(name)) found.push(prefix);
  }
  return found;
}

async function start(apiKey: string): Promise<string> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: `file:${dbFile}`,
    UVVI_BASE_URL: "https://upstream.invalid",
    UVVI_API_KEY: apiKey,
    WEBHOOK_SECRET: "mailbox-live-webhook-secret-0123456789abcdef",
    // The keys this process sealed the stored mail with (a live key requires them set).
    DATA_ENCRYPTION_KEY: loadEnv().dataKeys.current,
    DATA_INDEX_KEY: loadEnv().dataKeys.index,
    SMTP_URL: "smtp://127.0.0.1:9",
    COMPANY_NAME: "Empresa de Teste Ltda.",
    COMPANY_CNPJ: "11222333000181",
    LOG_LEVEL: "error",
    LOG_FILE: `${dbFile}.${port}.log`,
  };
  server = spawnGroup(
    "npx",
    ["tsx", "scripts/start.ts"],
    env,
    `${dbFile}.${port}.out`,
    `${dbFile}.${port}.err`,
  );
  // /api/ready, not /api/health: the upstream is unreachable on purpose.
  await waitHealthy(`http://127.0.0.1:${port}/api/ready`, server, 900_000); // builds first when the sources changed
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  mkdirSync(path.dirname(dbFile), { recursive: true });
  copyFileSync(inject("templateDb"), dbFile);
  const db = createPrismaClient(`file:${dbFile}`);
  const mail = await db.receivedMail.create({
    data: {
      messageId: `<${randomUUID()}@placapaga.mail>`,
      from: "nao-responda@placapaga.test",
      to: "maria@example.com",
      subject: SUBJECT,
      html: `<p>${SUBJECT}</p>`,
      text: SUBJECT,
      attachments: JSON.stringify([
        {
          filename: "comprovante.pdf",
          contentType: "application/pdf",
          size: ATTACHMENT.length,
          base64: Buffer.from(ATTACHMENT).toString("base64"),
        },
      ]),
    },
  });
  mailId = mail.id;
  await db.$disconnect();
}, 60_000);

afterAll(async () => {
  await stopGroup(server);
  for (const f of readdirSync(path.dirname(dbFile)))
    if (f.startsWith(path.basename(dbFile)))
      rmSync(path.join(path.dirname(dbFile), f), { force: true });
});

describe("the mailbox pages and the key", () => {
  it("with a test key the mailbox lists and shows the stored e-mail", async () => {
    const base = await start("sk_test_mailbox_live_check");
    const list = await fetch(`${base}/dev/mailbox`);
    expect(list.status).toBe(200);
    expect(await list.text()).toContain(SUBJECT);
    const one = await fetch(`${base}/dev/mailbox/${mailId}`);
    expect(one.status).toBe(200);
    expect(await one.text()).toContain(SUBJECT);
    // The RSC payload carries it too: the live-key check below on that payload can fail.
    expect(
      await (await fetch(`${base}/dev/mailbox/${mailId}`, { headers: { rsc: "1" } })).text(),
    ).toContain(SUBJECT);
    // The attachment downloads: its bytes, as an attachment (the check below that it is gone can fail).
    const file = await fetch(`${base}/dev/mailbox/${mailId}/anexos/0`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toMatch(
      /^attachment; filename="comprovante\.pdf"/,
    );
    expect(await file.text()).toBe(ATTACHMENT);
    await stopGroup(server);
    server = undefined;
  }, 960_000);

  it("with a live key (sk_live_) every page under /dev answers 404 and shows nothing stored", async () => {
    const base = await start("sk_live_mailbox_live_check");
    const paths = devPaths();
    expect(paths).toEqual(
      expect.arrayContaining([
        "/dev/mailbox",
        `/dev/mailbox/${mailId}`,
        `/dev/mailbox/${mailId}/anexos/0`,
      ]),
    );
    for (const p of paths) {
      for (const method of ["GET", "HEAD"]) {
        const res = await fetch(`${base}${p}`, { method, headers: { accept: "text/html" } });
        expect(res.status, `${method} ${p}`).toBe(404);
        const body = await res.text();
        expect(body).not.toContain(SUBJECT);
        expect(body).not.toContain(ATTACHMENT);
      }
    }
    // The client-side navigation payload (RSC) of the same pages is no way around it: Next streams
    // it with status 200 and the not-found tree, so what counts is that nothing stored is in it.
    for (const p of paths) {
      const rsc = await fetch(`${base}${p}`, { headers: { rsc: "1" } });
      const body = await rsc.text();
      expect(body, p).not.toContain(SUBJECT);
      expect(body, p).not.toContain("maria@example.com");
    }
  }, 960_000);
});
