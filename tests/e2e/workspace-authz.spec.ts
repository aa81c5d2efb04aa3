import fc from "fast-check";
import type { APIRequestContext } from "@playwright/test";
import { createPrismaClient, type Db } from "@/lib/db/create-client";
import { hostileString } from "../support/fuzz-arbitraries";
import {
  leakedSecrets,
  seedWorkspace,
  type SeededWorkspace,
  type WorkspaceIds,
} from "../support/workspace-seed";
import {
  CONVENTION_PAGES,
  fillTemplate,
  isKnownParam,
  workspacePageFiles,
  type ParamKind,
} from "../support/workspace-walk";
import { expect, test } from "./support/test";
import { E2E_DB_FILE, signInThroughMailbox, workspaceEmail } from "./support/workspace";

// Authorization for pages over real HTTP against the built server: every page under
// app/painel (found by walking the folder), its dynamic segments filled with another account's ids,
// opened with A's session: the 404 page, with none of B's data; with no session: a redirect to
// /entrar. A's own ids open the page (the oracle is not vacuous), and fast-check draws ids
// (hostile strings, anyone's ids of any kind) against the exact oracle.

const KIND_OF: Record<ParamKind, keyof WorkspaceIds> = {
  clientId: "clientId",
  vehicleId: "vehicleId",
  batchId: "batchId",
  itemId: "itemId",
  linkToken: "linkToken",
  eventId: "eventId",
  keyId: "keyId",
  endpointId: "endpointId",
  deliveryId: "deliveryId",
};
const pages = workspacePageFiles();
const dynamicPages = pages.filter((p) => p.params.length > 0);
const idsOf = (w: SeededWorkspace, params: string[]) =>
  Object.fromEntries(params.map((p) => [p, w.ids[KIND_OF[p as ParamKind]]]));

// One pair of accounts per worker, in order (a failure does not skip the other checks).
test.describe.configure({ mode: "default" });

let db: Db;
let A: SeededWorkspace;
let B: SeededWorkspace;
let asA: APIRequestContext;

test.beforeAll(async ({ browser }) => {
  db = createPrismaClient(`file:./${E2E_DB_FILE}`);
  const accounts: SeededWorkspace[] = [];
  for (const tag of ["Ana", "Bia"]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = workspaceEmail(`authz-${tag.toLowerCase()}`);
    await signInThroughMailbox(page, email);
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    accounts.push(await seedWorkspace(db, user.id, tag));
    if (tag === "Ana")
      asA = context.request; // the context stays open: its cookie jar holds A's session
    else await context.close();
  }
  [A, B] = accounts as [SeededWorkspace, SeededWorkspace];
});
test.afterAll(async () => db?.$disconnect());

const open = (request: APIRequestContext, path: string) => request.get(path, { maxRedirects: 0 });

test("the walker finds every page the conventions name and knows every dynamic segment", () => {
  const templates = pages.map((p) => p.template);
  expect(
    CONVENTION_PAGES.filter((t) => !templates.includes(t)),
    "pages of the conventions missing from app/painel",
  ).toEqual([]);
  expect(
    pages.flatMap((p) =>
      p.params.filter((n) => !isKnownParam(n)).map((n) => `${p.template}: [${n}]`),
    ),
  ).toEqual([]);
});

test("B's ids with A's session: the 404 page, none of B's data", async () => {
  const failures: string[] = [];
  for (const p of dynamicPages) {
    const path = fillTemplate(p.template, idsOf(B, p.params));
    const res = await open(asA, path);
    const html = await res.text();
    const leaks = leakedSecrets(html, B);
    if (res.status() !== 404 || !html.includes("Página não encontrada") || leaks.length)
      failures.push(`${p.template}: ${res.status()} ${leaks.join(", ")}`);
  }
  expect(failures).toEqual([]);
});

test("A's own ids open the page, showing none of B's data", async () => {
  const failures: string[] = [];
  for (const p of pages) {
    const res = await open(asA, fillTemplate(p.template, idsOf(A, p.params)));
    const html = await res.text();
    if (res.status() !== 200 || leakedSecrets(html, B).length)
      failures.push(`${p.template}: ${res.status()} ${leakedSecrets(html, B).join(", ")}`);
  }
  expect(failures).toEqual([]);
});

test("no session: every workspace page redirects to /entrar, with and without ids", async ({
  request,
}) => {
  const failures: string[] = [];
  for (const p of pages) {
    for (const w of [A, B]) {
      const res = await open(request, fillTemplate(p.template, idsOf(w, p.params)));
      const location = res.headers()["location"] ?? "";
      if (
        ![303, 307, 308].includes(res.status()) ||
        !/^\/entrar\?voltar=%2Fpainel/.test(
          new URL(location, "http://x").pathname + new URL(location, "http://x").search,
        ) ||
        leakedSecrets(await res.text(), w).length
      )
        failures.push(`${p.template}: ${res.status()} ${location}`);
    }
  }
  expect(failures).toEqual([]);
});

test("fuzzed ids on every page with ids: 404 unless every id is A's own of the right kind", async () => {
  test.setTimeout(180_000);
  const kinds = Object.values(KIND_OF);
  const idFor = (kind: ParamKind) =>
    fc.oneof(
      {
        weight: 2,
        arbitrary: hostileString
          .filter((s) => s.length > 0 && s.length < 2_000 && s !== "." && s !== "..")
          .map((value) => ({ value, own: false })),
      },
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          ...[A, B].flatMap((w) =>
            kinds.map((k) => ({ value: w.ids[k], own: w === A && k === KIND_OF[kind] })),
          ),
        ),
      },
      { weight: 1, arbitrary: fc.constant({ value: A.ids[KIND_OF[kind]], own: true }) },
    );
  for (const p of dynamicPages) {
    await fc.assert(
      fc.asyncProperty(fc.tuple(...p.params.map((n) => idFor(n as ParamKind))), async (ids) => {
        const values = Object.fromEntries(p.params.map((n, i) => [n, ids[i]!.value]));
        const res = await open(asA, fillTemplate(p.template, values));
        const where = `${p.template} ${JSON.stringify(values).slice(0, 160)}`;
        // The page may echo the id it was asked for (its own input): only B's other data counts.
        const echoed = new Set(Object.values(values));
        expect(
          leakedSecrets(await res.text(), B).filter((s) => !echoed.has(s)),
          where,
        ).toEqual([]);
        expect(res.status(), where).toBe(ids.every((i) => i.own) ? 200 : 404);
      }),
      { numRuns: 25 },
    );
  }
});
