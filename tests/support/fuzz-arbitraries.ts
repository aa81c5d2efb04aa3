import fc from "fast-check";

// fast-check arbitraries for fuzzing the route handlers: hostile strings and numbers, bodies that
// are almost valid (one field dropped, retyped or replaced, extra fields), and raw bodies that are
// not JSON at all. Shared by tests/integration/fuzz-routes.test.ts.

const HOSTILE_STRINGS = [
  "",
  " ",
  "\u0000",
  "\u0000\u0001\u001f",
  "\ud800", // lone surrogate
  "\udfff\ud800",
  "\u202e\u200b\ufeff",
  "../../etc/passwd",
  "..%2F..%2Fetc%2Fpasswd",
  "%00",
  "%",
  "?x=1#y",
  "' OR 1=1 --",
  '"; DROP TABLE "Payment"; --',
  "<script>alert(1)</script>",
  "${{7*7}}",
  "__proto__",
  "constructor",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
  "0x10",
  "🚗🚓🚕",
  "ÁÉÍÓÚçãõ",
  "a".repeat(10_000),
  "9".repeat(2_000),
  "🚗".repeat(5_000),
];

export const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) }, // lone surrogates included
  { weight: 1, arbitrary: fc.stringMatching(/^[0-9]{1,25}$/) },
  { weight: 1, arbitrary: fc.uuid() },
);

export const hostileNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1.5,
    Number.MAX_SAFE_INTEGER + 2,
    Number.MIN_SAFE_INTEGER,
    1e308,
    -1e308,
    5e-324,
  ),
  fc.integer(),
  fc.double(), // NaN and ±Infinity are serialized as null by JSON.stringify, as a browser would
);

const leaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));

/** Any JSON-ish value: leaves, arrays, objects (with __proto__-like keys), nested a few levels. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small", withCrossShrink: true }, leaf, tie("array"), tie("object")),
  array: fc.array(tie("value"), { maxLength: 4 }),
  object: fc.dictionary(
    fc.oneof(hostileString, fc.constantFrom("__proto__", "constructor", "toString")),
    tie("value"),
    { maxKeys: 4 },
  ),
})).value;

/** A valid body with one mutation: a field removed, retyped, replaced by a hostile value, or an extra field. */
export function nearValid(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid);
  return fc.oneof(
    fc.constant(valid),
    fc
      .constantFrom(...keys)
      .map((k) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== k))),
    fc.tuple(fc.constantFrom(...keys), hostileValue).map(([k, v]) => ({ ...valid, [k]: v })),
    fc
      .tuple(fc.constantFrom(...keys), fc.constantFrom(...keys), hostileValue, hostileValue)
      .map(([a, b, va, vb]) => ({ ...valid, [a]: va, [b]: vb })),
    fc.tuple(hostileString, hostileValue).map(([k, v]) => ({ ...valid, [k]: v })),
    fc.constantFrom(null, [], [valid], "string", 42, true),
  );
}

/** Raw request bodies that are not (valid, small) JSON objects. */
export const rawBody = fc.oneof(
  fc.constantFrom(
    "{not json",
    "{",
    '{"a":',
    "[",
    "'single'",
    "\ufeff{}",
    "NaN",
    "1e999",
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    "[".repeat(20_000) + "]".repeat(20_000),
    `{"x":"${"a".repeat(70_000)}"}`,
    "\u0000\u0000",
  ),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: "binary", maxLength: 200 }),
  hostileValue.map((v) => JSON.stringify(v) ?? "null"),
);

/** A body for a JSON route: near-valid objects most of the time, raw junk otherwise. */
export function bodyFor(valid: Record<string, unknown>): fc.Arbitrary<{ raw: string }> {
  return fc.oneof(
    { weight: 3, arbitrary: nearValid(valid).map((v) => ({ raw: JSON.stringify(v) ?? "null" })) },
    { weight: 1, arbitrary: rawBody.map((raw) => ({ raw })) },
  );
}

/** Address headers a client makes up to pose as many clients: never read (lib/http/client-ip.ts). */
export const forgedAddressHeaders = fc.record(
  {
    "x-forwarded-for": fc.oneof(
      fc.ipV4(),
      fc.ipV6(),
      fc.array(fc.ipV4(), { minLength: 2, maxLength: 4 }).map((a) => a.join(", ")),
    ),
    "x-real-ip": fc.oneof(fc.ipV4(), fc.ipV6()),
    forwarded: fc.oneof(
      fc.ipV4().map((ip) => `for=${ip};proto=https`),
      fc.ipV6().map((ip) => `for="[${ip}]"`),
      fc.constant("for=unknown"),
    ),
  },
  { requiredKeys: [] },
);

/**
 * Headers a client controls: Origin mostly ours (so validation is reached), sometimes not; forged
 * address headers. `address` is what our server resolved from the socket (its internal header).
 */
export const clientHeaders = (origin: string) =>
  fc.record({
    forged: forgedAddressHeaders,
    origin: fc.oneof(
      { weight: 8, arbitrary: fc.constant<string | null>(origin) },
      {
        weight: 1,
        arbitrary: fc.constantFrom<string | null>(
          null,
          "null",
          "http://evil.example",
          `${origin}.evil.example`,
          "",
          `${origin}/`,
        ),
      },
      {
        weight: 1,
        arbitrary: fc.string({ unit: fc.constantFrom(..."abc:/.%-0129 "), maxLength: 30 }),
      },
    ),
    address: fc.oneof(
      fc.ipV4(),
      fc.ipV6(),
      fc.constantFrom("", ",", " , ,", "unknown", "1.1.1.1, 2.2.2.2", "a".repeat(300)),
    ),
  });

// Characters a client can put in a header value (Latin-1 without controls): undici, like any real
// client, refuses NUL, CR/LF and code points above U+00FF, so those never reach a server.
const HEADER_CHARS = [
  ..." !\"#$%&'()*+,-./0123456789:;<=>?@ABCXYZ[\\]^_`abcxyz{|}~\u00a0\u00e7\u00e3\u00ff",
];
const headerText = (maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...HEADER_CHARS), maxLength });

/**
 * A Cookie header around a signed cookie `name=value`: the real one, its id or signature changed,
 * its parts dropped or doubled, beside other cookies, or no cookie at all.
 */
export function cookieHeader(name: string, value: string): fc.Arbitrary<string | undefined> {
  const [id = "", signature = ""] = value.split(".");
  const flip = (s: string, at: number) =>
    s.slice(0, at) + (s[at] === "A" ? "B" : "A") + s.slice(at + 1);
  const cookieValue = fc.oneof(
    { weight: 3, arbitrary: fc.constant(value) },
    {
      weight: 1,
      arbitrary: fc
        .nat({ max: Math.max(0, id.length - 1) })
        .map((i) => `${flip(id, i)}.${signature}`),
    },
    {
      weight: 1,
      arbitrary: fc
        .nat({ max: Math.max(0, signature.length - 1) })
        .map((i) => `${id}.${flip(signature, i)}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        id,
        `.${signature}`,
        `${id}.`,
        `${value}.${signature}`,
        `${value}=`,
        "",
        "=",
        ".",
        "..",
        `"${value}"`,
      ),
    },
    { weight: 2, arbitrary: headerText(60) },
  );
  const pair = cookieValue.map((v) => `${name}=${v}`);
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 3, arbitrary: pair },
    { weight: 1, arbitrary: fc.tuple(pair, pair).map(([a, b]) => `${a}; ${b}`) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(headerText(20), pair, headerText(20))
        .map(([a, p, b]) => `${a}; ${p}; ${b}`),
    },
    { weight: 1, arbitrary: headerText(200) },
  );
}

/**
 * Payment references in every shape the routes tell apart: the public reference's (32 base64url
 * characters), a Prisma cuid's (the old address, now "replaced"), and near misses of each.
 */
export const publicRefLike = fc.stringMatching(/^[A-Za-z0-9_-]{32}$/);
export const cuidLike = fc.stringMatching(/^c[a-z0-9]{24}$/);
export function paymentRefShapes(real: () => string, rowId: () => string): fc.Arbitrary<string> {
  const flip = (s: string, at: number) =>
    s.slice(0, at) + (s[at] === "A" ? "B" : "A") + s.slice(at + 1);
  return fc.oneof(
    fc.constant(null).map(() => real()),
    fc.constant(null).map(() => rowId()),
    fc.nat({ max: 31 }).map((i) => flip(real(), i)),
    fc.constantFrom(0, 1).map((cut) => (cut ? real().slice(1) : `${real()}A`)),
    publicRefLike,
    cuidLike,
  );
}

/** A string as a decoded URL segment holds it: well-formed UTF-16 (a lone surrogate becomes U+FFFD). */
export const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");

/** Whether a Cookie header names `name=value` first (browsers send a duplicate name later; the first counts). */
export function firstCookieIs(header: string | undefined, name: string, value: string): boolean {
  return (
    (header ?? "")
      .split(";")
      .map((p) => p.trim())
      .find((p) => p.startsWith(`${name}=`)) === `${name}=${value}`
  );
}
