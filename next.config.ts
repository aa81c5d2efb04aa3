import type { NextConfig } from "next";
import { loadEnv } from "./lib/env/load";

// Validate the configuration at build and start: a bad key fails here, not at the first request.
const env = loadEnv();

const nextConfig: NextConfig = {
  distDir: env.nextDistDir,
  poweredByHeader: false,
  reactStrictMode: true,
  // The sandbox and scripts are never bundled into the storefront.
  serverExternalPackages: ["better-sqlite3", "pino"],
  ...(env.nextBuildOutput === "standalone" ? { output: "standalone" as const } : {}),
  // ./data holds this host's generated secrets and files (lib/env/load.ts reads them by path, so
  // the tracer would copy them): never into a build output, an image layer above all.
  outputFileTracingExcludes: { "*": ["data/**", "tests/**", "docs/**", ".git/**"] },
};

export default nextConfig;
