import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

// The layers of docs/layers.md, bottom to top: a folder may import its own layer and the ones
// below, never one above (import/no-restricted-paths). Each domain capability is a layer of its
// own, so they import one way too. tests/unit/architecture/ checks the rule fires and that no
// folder-level or module-level cycle remains in lib/. import/no-cycle is left out: that test
// covers module cycles too, and the rule makes `eslint .` several times slower.
export const LAYERS = [
  ["lib/rules", "lib/validation"],
  [
    "lib/generated",
    "lib/clock",
    "lib/env",
    "lib/privacy",
    "lib/db",
    "lib/log",
    "lib/tracing",
    "lib/errors",
    "lib/security",
    "lib/metrics",
    "lib/http",
    "lib/rate-limit",
    "lib/jobs",
    "lib/server",
  ],
  ["lib/upstream", "lib/health"],
  ["lib/lookups"],
  ["lib/checkouts"],
  ["lib/payments"],
  ["lib/receipts"],
  ["lib/mail"],
  ["lib/auth"],
  ["lib/workspace"],
  ["lib/links"],
  ["lib/webhooks"],
  ["lib/radar"],
  ["lib/delisting"],
  ["lib/personal-data"],
  ["lib/api-events"],
  ["lib/api"],
  ["lib/background"],
  ["lib/browser", "app", "components"],
];
const STOREFRONT = LAYERS.flat();

const layerZones = LAYERS.slice(0, -1).flatMap((layer, i) => {
  const above = LAYERS.slice(i + 1).flat();
  return layer.map((folder) => ({
    target: `./${folder}`,
    from: above.map((f) => `./${f}`),
    message: `${folder} sits below these folders (docs/layers.md): register a reaction or move the code down.`,
  }));
});
const sandboxZones = [
  // The upstream simulator is a separate program: only scripts and tests start or import it.
  {
    target: STOREFRONT.map((f) => `./${f}`),
    from: "./lib/sandbox",
    message: "The storefront does not import the sandbox (docs/layers.md).",
  },
  {
    target: "./lib/sandbox",
    from: STOREFRONT.map((f) => `./${f}`),
    message: "lib/sandbox is a separate program: it imports no storefront code (docs/layers.md).",
  },
];

// The browser/server line (docs/layers.md, "What runs in the browser"). The client modules are
// computed, not listed: every file of app/ and components/ whose first statement is "use client",
// everything in lib/browser, and whatever app/ or components/ module those import as a value
// (Next bundles those for the browser too). Type-only imports are erased, so they are not followed.
const ROOT = path.dirname(fileURLToPath(import.meta.url));
const CLIENT_ROOTS = ["app", "components"];
const USE_CLIENT = /^(?:\s+|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*(["'])use client\1/;
const VALUE_IMPORT =
  /(?:^|[;\n])\s*(?:import|export)(?!\s+type\b)[^;]*?\bfrom\s*["']([^"']+)["']|(?:^|[;\n])\s*import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

function sourceFiles(dir) {
  if (!existsSync(path.join(ROOT, dir))) return [];
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [rel] : [];
  });
}

function resolveModule(fromFile, specifier) {
  let base;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith("."))
    base = path.posix.join(path.posix.dirname(fromFile), specifier);
  else return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ]) {
    const file = path.join(ROOT, candidate);
    if (existsSync(file) && statSync(file).isFile()) return candidate;
  }
  return null;
}

function clientModules() {
  const inRoots = (file) => CLIENT_ROOTS.some((root) => file.startsWith(`${root}/`));
  const found = new Set(sourceFiles("lib/browser"));
  const queue = CLIENT_ROOTS.flatMap(sourceFiles).filter((file) =>
    USE_CLIENT.test(readFileSync(path.join(ROOT, file), "utf8")),
  );
  while (queue.length > 0) {
    const file = queue.pop();
    if (found.has(file)) continue;
    found.add(file);
    for (const match of readFileSync(path.join(ROOT, file), "utf8").matchAll(VALUE_IMPORT)) {
      const target = resolveModule(file, match[1] ?? match[2] ?? match[3]);
      if (target && inRoots(target) && !found.has(target)) queue.push(target);
    }
  }
  return [...found].sort();
}
export const CLIENT_MODULES = clientModules();
const CLIENT_COMPONENTS = CLIENT_MODULES.filter((file) => !file.startsWith("lib/"));

// What a client module may import as a value: lib/rules, lib/validation, lib/browser, other client
// modules and npm packages made for the browser. `import type` stays free (allowTypeImports).
const BROWSER_MESSAGE =
  "Browser code imports values only from lib/rules, lib/validation, lib/browser, client components and browser packages (docs/layers.md): move pure code down into lib/rules, or use `import type`.";
const clientPatterns = [
  { regex: "^@/lib/(?!(?:rules|validation|browser)/)", message: BROWSER_MESSAGE },
  { regex: "^@/app(?:/|$)", message: BROWSER_MESSAGE },
  { regex: "^(?:\\.\\.?/)*\\.\\./(?:lib|app)(?:/|$)", message: BROWSER_MESSAGE },
  {
    regex:
      "^(?:server-only|@prisma/.*|prisma|pg|better-sqlite3|nodemailer|pino(?:-.*)?|node:.*|fs|path|crypto|child_process)$",
    message: `Server-only package. ${BROWSER_MESSAGE}`,
  },
].map((pattern) => ({ ...pattern, allowTypeImports: true }));

const config = [
  ...nextVitals,
  ...nextTs,
  // Layout is Prettier's (npm run format); eslint keeps no rule that would argue with it.
  prettier,
  {
    ignores: [
      "lib/generated/**",
      ".prisma/**",
      ".next/**",
      ".next-*/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      ".tmp/**",
      "dist/**",
    ],
  },
  {
    files: ["**/*.ts", "**/*.tsx", "**/*.mts"],
    rules: {
      "import/no-restricted-paths": ["error", { zones: [...layerZones, ...sandboxZones] }],
    },
  },
  {
    // Keep imports flowing one way: lib never reaches into app or components.
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/app/*", "@/components/*"],
              message: "lib/ must not import from app/ or components/.",
            },
          ],
        },
      ],
    },
  },
  // Client modules outside lib/ (lib/browser comes next: it keeps lib's own rule too). Flat config
  // refuses an empty `files`, hence the guard.
  ...(CLIENT_COMPONENTS.length === 0
    ? []
    : [
        {
          files: CLIENT_COMPONENTS,
          rules: { "no-restricted-imports": ["error", { patterns: clientPatterns }] },
        },
      ]),
  {
    files: ["lib/browser/**/*.ts", "lib/browser/**/*.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...clientPatterns,
            {
              group: ["@/components/*"],
              message: "lib/ must not import from app/ or components/.",
            },
          ],
        },
      ],
    },
  },
  {
    // The sandbox is a peer service: it shares no code with the storefront.
    files: ["lib/sandbox/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/*", "../../*/**", "!../**/sandbox/**"],
              message: "lib/sandbox must only import from lib/sandbox and npm packages.",
            },
          ],
        },
      ],
    },
  },
];

export default config;
