import "server-only";
import { loadEnv } from "./load";

export { overrideEnvForTests } from "./load";

export type { AppEnv } from "./schema";

/** Validated configuration for server code. Throws an EnvError naming every problem. */
export const env = loadEnv();
