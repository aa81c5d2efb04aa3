// The pages' own inputs (path segments, ?debts=, ?placa=&uf=, the creator cookie) fuzzed
// over HTTP against the real server, as the route handlers are in tests/integration/fuzz-routes:
// never a server error, always a page, and the exact answer where one is known. Then the debt
// pages in Chromium with hostile selections in the address, and the state an invalid one draws.
import fc from "fast-check";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { familyVehicle } from "@/lib/sandbox/catalog/family";
import { debtId } from "@/lib/sandbox/catalog/debts";
import { CREATOR_COOKIE } from "@/lib/links/creator-cookie-name";
import { debtIdsFromParam, toSelectable, validateSelection } from "@/lib/rules/debt-selection";
import type { DebtView } from "@/lib/browser/types";
import {
  cookieHeader,
  cuidLike,
  firstCookieIs,
  hostileString,
  publicRefLike,
  wellFormed,
} from "../support/fuzz-arbitraries";
import { checkPage } from "./support/a11y";
import {
  CUSTOMER,
  lookupViaApi,
  ORIGIN_HEADERS,
  checkoutViaApi,
  ownFamilyPlate,
} from "./support/flow";
import { expect, test } from "./support/test";

// "." and ".." would be resolved away by the URL itself and never reach the route.
const segment = (s: string) => (s === "." || s === ".." ? `x${s}` : encodeURIComponent(s));
const hostile = hostileString.map(wellFormed);
// An empty segment is another route (`/consulta/` redirects to `/consulta`), not this one's input.
const realOr = (...reals: string[]) =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(...reals) },
    { weight: 2, arbitrary: hostile.filter((s) => s !== "") },
  );

/** A ?debts= value: the lookup's ids (valid together or not), junk, or both, comma-joined. */
const debtsParam = (ids: string[]) =>
  fc
    .array(
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...ids) },
        { weight: 1, arbitrary: hostile.map((s) => s.slice(0, 60)) },
      ),
      { maxLength: 6 },
    )
    .map((l) => l.join(","));

type Setup = {
  plate: string;
  lookupId: string;
  debts: DebtView[];
  token: string;
  ref: string;
  shareToken: string;
  cookie: string;
};

async function setUp(request: APIRequestContext): Promise<Setup> {
  const plate = ownFamilyPlate();
  const { lookupId } = await lookupViaApi(request, familyVehicle(plate)!);
  const debts = (
    (await (await request.get(`/api/lookups/${lookupId}`)).json()) as { debts: DebtView[] }
  ).debts;
  const token = await checkoutViaApi(request, lookupId, debtId(plate, "fine-parking"));
  const paid = await request.post(`/api/checkouts/${token}/payments`, {
    headers: ORIGIN_HEADERS,
    data: { attemptId: crypto.randomUUID(), method: "pix" },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const share = await request.post("/api/checkouts", {
    headers: ORIGIN_HEADERS,
    data: {
      lookupId,
      debtIds: [debtId(plate, "fine-speed-discount")],
      customer: CUSTOMER,
      kind: "share",
    },
  });
  expect(share.status(), await share.text()).toBe(201);
  const cookie =
    new RegExp(`${CREATOR_COOKIE}=([^;]+)`).exec(share.headers()["set-cookie"] ?? "")?.[1] ?? "";
  expect(cookie).not.toBe("");
  return {
    plate,
    lookupId,
    debts,
    token,
    ref: ((await paid.json()) as { ref: string }).ref,
    shareToken: ((await share.json()) as { token: string }).token,
    cookie,
  };
}

test("every page answers hostile addresses and cookies with a page, never a server error", async ({
  baseURL,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "server rendering is the same for both projects");
  test.setTimeout(180_000);
  const s = await setUp(request);
  // A context of its own, whose jar never saw the creator cookie: each request carries exactly the
  // Cookie header it is given.
  const api = await playwrightRequest.newContext({ baseURL });
  const ids = s.debts.map((d) => d.id);
  let pages = 0;
  // Node refuses a request line and headers over 16 KB itself (431), before any of our code runs.
  const OVERSIZED = 16 * 1024;
  const get = async (path: string, cookie?: string) => {
    const res = await api.get(path, {
      headers: cookie === undefined ? {} : { cookie },
      maxRedirects: 3,
    });
    const where = `${path.slice(0, 160)} cookie=${(cookie ?? "").slice(0, 80)} -> ${res.status()}`;
    if (path.length + (cookie?.length ?? 0) > OVERSIZED) {
      expect(res.status(), where).toBe(431);
      return 431;
    }
    expect(res.status(), where).toBeLessThan(500);
    expect(res.headers()["content-type"], where).toMatch(/text\/html/);
    // A 404 from a page's notFound() arrives as Next's error shell, titled but with an empty body
    // until JavaScript renders app/not-found.tsx (vercel/next.js#62228): the title is what we get.
    if (res.status() === 200) expect(await res.text(), where).toContain("<main");
    if (res.status() === 404)
      expect(await res.text(), where).toContain(
        "<title>Página não encontrada · Placa Paga</title>",
      );
    pages++;
    return res.status();
  };
  /** The status a page should answer, or 431 when the address alone is over Node's limit. */
  const expectPage = async (path: string, status: number, cookie?: string) =>
    expect(await get(path, cookie)).toBe(
      path.length + (cookie?.length ?? 0) > OVERSIZED ? 431 : status,
    );
  const run = <T extends unknown[]>(prop: fc.IAsyncProperty<T>) => fc.assert(prop, { numRuns: 60 });

  await run(
    fc.asyncProperty(hostile, hostile, async (placa, uf) => {
      await expectPage(`/?${new URLSearchParams({ placa, uf })}`, 200);
      await expectPage(`/consulta?${new URLSearchParams({ placa, uf })}`, 200);
    }),
  );
  await run(
    fc.asyncProperty(realOr(s.lookupId), fc.option(debtsParam(ids)), async (id, debts) => {
      const query = debts === null ? "" : `?${new URLSearchParams({ debts })}`;
      const known = id === s.lookupId;
      await expectPage(`/consulta/${segment(id)}${query}`, known ? 200 : 404);
      await expectPage(`/consulta/${segment(id)}/pagamento${query}`, known ? 200 : 404);
    }),
  );
  // Payment references: the real public one, others of its shape, and cuids (the old addresses;
  // an unknown one is a 404, a known one "replaced": tests/integration/payment-refs.test.ts).
  const refs = fc.oneof(realOr(s.ref), publicRefLike, cuidLike);
  await run(
    fc.asyncProperty(realOr(s.token, s.shareToken), refs, async (token, ref) => {
      await expectPage(
        `/pagar/${segment(token)}`,
        token === s.token || token === s.shareToken ? 200 : 404,
      );
      await expectPage(`/pagamento/${segment(ref)}`, ref === s.ref ? 200 : 404);
    }),
  );
  // The dispatcher's page of a link: only the browser whose signed cookie made it.
  await run(
    fc.asyncProperty(
      realOr(s.shareToken, s.token),
      cookieHeader(CREATOR_COOKIE, s.cookie),
      async (token, cookie) => {
        const owner = firstCookieIs(cookie, CREATOR_COOKIE, s.cookie) && token === s.shareToken;
        await expectPage(`/links/${segment(token)}`, owner ? 200 : 404, cookie);
        await expectPage("/links", 200, cookie);
      },
    ),
  );
  console.log(`page fuzz: ${pages} pages`);
  await api.dispose();
});

test("the dispatcher's page and the links API name the same owner when a browser sends two creator cookies", async ({
  baseURL,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "server code is the same for both projects");
  const s = await setUp(request);
  const api = await playwrightRequest.newContext({ baseURL });
  const genuine = `${CREATOR_COOKIE}=${s.cookie}`;
  const forged = `${CREATOR_COOKIE}=${s.cookie.replace(/\.(.)/, (_, c: string) => `.${c === "A" ? "B" : "A"}`)}`;
  // The first cookie of a name counts, for pages as for route handlers (Next's cookies() keeps the
  // last, so a page reading it would disagree with the API).
  for (const [cookie, owner] of [
    [`${genuine}; ${forged}`, true],
    [`${forged}; ${genuine}`, false],
  ] as const) {
    expect(
      (await api.get(`/links/${s.shareToken}`, { headers: { cookie } })).status(),
      cookie,
    ).toBe(owner ? 200 : 404);
    const listed = (
      (await (await api.get("/api/links", { headers: { cookie } })).json()) as {
        links: { token: string }[];
      }
    ).links.map((l) => l.token);
    expect(listed.includes(s.shareToken), cookie).toBe(owner);
  }
  await api.dispose();
});

test("hostile selections in the address never break the debt pages, and each draws what it can", async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "client code is the same for both projects");
  test.setTimeout(180_000);
  const s = await setUp(request);
  const rules = s.debts.map(toSelectable);
  // setUp's open PIX holds its debt (never pay twice): the lookup now marks it, and the step says so.
  const now = (
    (await (await request.get(`/api/lookups/${s.lookupId}`)).json()) as {
      debts: (DebtView & { availability?: unknown })[];
    }
  ).debts;
  const held = new Set(now.filter((d) => d.availability).map((d) => d.id));
  expect(held.size).toBeGreaterThan(0);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await fc.assert(
    fc.asyncProperty(debtsParam(s.debts.map((d) => d.id)), async (debts) => {
      const query = new URLSearchParams({ debts });
      await page.goto(`/consulta/${s.lookupId}?${query}`);
      await expect(
        page.getByRole("heading", { level: 1, name: "Débitos do veículo" }),
      ).toBeVisible();
      await expect(page.getByRole("checkbox").first()).toBeVisible();

      await page.goto(`/consulta/${s.lookupId}/pagamento?${query}`);
      // Which of the step's three states this address must draw, by the rules the server applies.
      const chosen = debtIdsFromParam(debts);
      const found = chosen.length > 0 && chosen.every((id) => rules.some((d) => d.id === id));
      if (!found)
        await expect(
          page.getByRole("status").filter({ hasText: "Não encontramos os débitos escolhidos" }),
        ).toBeVisible();
      else if (!validateSelection(chosen, rules).ok)
        await expect(
          page
            .getByRole("status")
            .filter({ hasText: "Estes débitos não podem ser pagos juntos assim" }),
        ).toBeVisible();
      else if (chosen.some((id) => held.has(id)))
        await expect(
          page
            .getByRole("status")
            .filter({ hasText: /Um destes débitos (está em pagamento|não pode mais ser pago)/ }),
        ).toBeVisible();
      else await expect(page.getByRole("heading", { name: "Dados de quem paga" })).toBeVisible();
      expect(errors, `debts=${debts}`).toEqual([]);
    }),
    { numRuns: 15 },
  );
});

test("a selection that breaks a rule is explained on the payment step, before any data is typed", async ({
  page,
  request,
}, testInfo) => {
  const s = await setUp(request);
  const id = (slug: string) => debtId(s.plate, slug);
  const year = new Date().getFullYear();

  // The CRLV-e fee needs the licensing it is issued for.
  await page.goto(`/consulta/${s.lookupId}/pagamento?debts=${id("service-crlv")}`);
  const alert = page
    .getByRole("status")
    .filter({ hasText: "Estes débitos não podem ser pagos juntos assim" });
  await expect(alert).toContainText(`precisa ser paga junto com Licenciamento ${year}`);
  await expect(page.getByRole("heading", { name: "Dados de quem paga" })).toHaveCount(0);
  await checkPage(page, testInfo, "10b-payment-choice-invalid-selection");

  // The cota única and a parcela of the same year are alternatives; the button goes back to choosing.
  await page.goto(
    `/consulta/${s.lookupId}/pagamento?debts=${[id("ipva-previous"), id("ipva-current-cota-unica"), id("ipva-current-parcela-1")].join(",")}`,
  );
  await expect(alert).toContainText(/Cota única/);
  await expect(alert).toContainText(/Parcela 1\/3/);
  await alert.getByRole("link", { name: "Escolher os débitos" }).click();
  await expect(page).toHaveURL(new RegExp(`/consulta/${s.lookupId}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Débitos do veículo" })).toBeVisible();
});

test("a selection this lookup does not hold says so on the payment step and leads back to choosing", async ({
  page,
  request,
}) => {
  const s = await setUp(request);
  // One real debt beside an id of another vehicle: nothing is half-paid, the whole selection is refused.
  await page.goto(
    `/consulta/${s.lookupId}/pagamento?debts=${debtId(s.plate, "fine-speed-discount")},${debtId("ZZZ9Z99", "fine-speed-discount")}`,
  );
  const alert = page
    .getByRole("status")
    .filter({ hasText: "Não encontramos os débitos escolhidos" });
  await expect(alert).toContainText(
    "A seleção não corresponde a esta consulta. Volte e escolha os débitos de novo.",
  );
  await expect(page.getByRole("heading", { name: "Dados de quem paga" })).toHaveCount(0);
  await alert.getByRole("link", { name: "Escolher os débitos" }).click();
  await expect(page).toHaveURL(new RegExp(`/consulta/${s.lookupId}$`));
});
