import { ensureBuild } from "../../scripts/lib/ensure-build";
import { TEST_API_KEY, TEST_WEBHOOK_SECRET } from "./test-keys";

// Global setup of the process projects: the production build their servers serve, made once
// before any of them starts. Suites that start servers run two at a time, and two first starts
// building into one folder at once would corrupt it. The build is npm start's own (the same
// folder, the same source stamp), so the end-to-end step after vitest reuses it too.
export default function setup() {
  ensureBuild(".next", {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: "file:./data/build-once.db",
    UVVI_API_KEY: TEST_API_KEY,
    WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    NEXT_TELEMETRY_DISABLED: "1",
  });
}
