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
  ["lib/personal-data"],
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
