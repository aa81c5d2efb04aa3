// npm run api:types – the API's TypeScript types, generated from its OpenAPI document with
// openapi-typescript (what a despachante's developer would run against /api/v1/openapi.json).
// tests/support/api-v1.d.ts is what the API's tests type their openapi-fetch client with;
// tests/unit/api/openapi-document.test.ts fails when it no longer matches the document.
import { writeFileSync } from "node:fs";
import { apiTypesSource } from "./lib/api-types";

writeFileSync("tests/support/api-v1.d.ts", await apiTypesSource());
console.log("[api-types] wrote tests/support/api-v1.d.ts");
