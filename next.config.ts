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
};

export default nextConfig;
