import { ensureBuild } from "../../scripts/lib/ensure-build";

// Global setup of the server projects: the production build their servers serve, made once before
// any of them starts. Suites that start servers run two at a time, and two first starts building
// into one folder at once would corrupt it. The build is npm start's own (the same folder, the same
// source stamp), so the end-to-end step after vitest reuses it too. Its environment is a
// newcomer's (as in tests/fresh-clone): none of this run's test settings (NODE_ENV=test, the
// suites' keys) reach the build, whose configuration check would refuse some of them.
export default function setup() {
  ensureBuild(".next", {
    NODE_ENV: "production",
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: process.env.LANG,
    TMPDIR: process.env.TMPDIR,
    NEXT_TELEMETRY_DISABLED: "1",
  });
}
