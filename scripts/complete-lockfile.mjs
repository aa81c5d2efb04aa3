// npm run lockfile:complete – after any `npm install`.
// The registry this project installs from lacks some other-platform optional binaries at the pinned
// versions (e.g. @next/swc-darwin-arm64@16.4.6). npm then leaves them out of package-lock.json and
// `npm ci` refuses the lock ("Missing: ... from lock file"). Adding an entry with the platform it
// is for lets `npm ci` skip it here, as it would skip it on any other machine of the wrong platform.
import { readFileSync, writeFileSync } from "node:fs";

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const packages = lock.packages;
const OS = [
  "android",
  "darwin",
  "freebsd",
  "linux",
  "win32",
  "openharmony",
  "netbsd",
  "openbsd",
  "sunos",
  "aix",
];
const CPU = ["arm64", "x64", "ia32", "arm", "loong64", "ppc64", "riscv64", "s390x", "wasm32"];

function platformOf(name) {
  const base = name.split("/").pop();
  const os = OS.find((o) => base.includes(`-${o}`));
  const cpu = CPU.find((c) => base.includes(`-${c}`) || (c === "arm" && /-arm-/.test(base)));
  return { os, cpu };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const prefix = path === "" ? "" : `${path}/`;
    if (packages[`${prefix}node_modules/${dep}`] || packages[`node_modules/${dep}`]) continue;
    const { os, cpu } = platformOf(dep);
    if (!cpu) throw new Error(`cannot tell the platform of ${dep}; add it by hand`);
    packages[`node_modules/${dep}`] = {
      version: spec.replace(/^[\^~=]/, ""),
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(os ? { os: [os] } : {}),
      license: "MIT",
      optional: true,
    };
    added += 1;
  }
}
writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} other-platform optional entries`);
