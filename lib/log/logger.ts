import "server-only";
import pino, { type DestinationStream, type Logger } from "pino";
import { env } from "@/lib/env";
import { redactPaths } from "./redact";
import { currentRequestId } from "./request-context";
import { processSingleton } from "@/lib/server/singleton";

// Structured JSON logs on stdout and, when LOG_FILE is set, appended to that file too (the e2e
// run and the card-data log test read it). Synchronous destinations: a line is on disk when the
// call returns, and nothing is lost on a crash; our volume makes the cost irrelevant.

function destination(): DestinationStream {
  const stdout = pino.destination({ dest: 1, sync: true });
  if (!env.logFile) return stdout;
  const file = pino.destination({ dest: env.logFile, sync: true, mkdir: true, append: true });
  return pino.multistream([
    { stream: stdout, level: "trace" },
    { stream: file, level: "trace" },
  ]);
}

// Dev reloads modules; keep one logger (and one open file) per process there. Tests get a fresh one per file.
export const logger: Logger = processSingleton(
  "logger",
  () =>
    pino(
      {
        level: env.logLevel,
        base: { service: "placa-paga" },
        timestamp: pino.stdTimeFunctions.isoTime,
        redact: { paths: redactPaths(), censor: "[redacted]" },
        // Every line written while serving a request carries its id (see request-context.ts).
        mixin: () => {
          const requestId = currentRequestId();
          return requestId ? { requestId } : {};
        },
      },
      destination(),
    ),
  { keep: env.nodeEnv === "development" },
);

/** A child logger for one module, e.g. `moduleLogger("upstream")`. */
export function moduleLogger(module: string): Logger {
  return logger.child({ module });
}
