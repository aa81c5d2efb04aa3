import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ["lib/generated/**", ".next/**", ".next-*/**", "data/**", "test-results/**", "playwright-report/**", ".tmp/**"] },
  {
    // Keep imports flowing one way: lib never reaches into app or components.
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/app/*", "@/components/*"], message: "lib/ must not import from app/ or components/." }] }],
    },
  },
  {
    // The sandbox is a peer service: it shares no code with the storefront.
    files: ["lib/sandbox/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/*", "../../*/**", "!../**/sandbox/**"], message: "lib/sandbox must only import from lib/sandbox and npm packages." }] }],
    },
  },
];

export default config;
