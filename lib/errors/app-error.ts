import { type AppCode, ERROR_CODES } from "./codes";

// A refusal of ours (not upstream's: that is UpstreamError) with the HTTP status and pt-BR message
// the browser gets, both from the code's entry in ./codes.ts. Services throw it; lib/http/errors.ts
// turns it into the contract's error body. `message` replaces the registry's default only where
// the words must carry specifics (a debt's title, a row count, which link).

export type AppErrorInit = {
  code: AppCode;
  message?: string;
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
};

export class AppError extends Error {
  readonly code: AppCode;
  readonly httpStatus: number;
  readonly userMessage: string;
  readonly fields?: Record<string, string>;
  readonly retryAfterSeconds?: number;

  constructor(init: AppErrorInit) {
    const entry = ERROR_CODES[init.code];
    const message = init.message ?? entry.message;
    super(`${init.code}: ${message}`);
    this.name = "AppError";
    this.code = init.code;
    this.httpStatus = entry.status;
    this.userMessage = message;
    this.fields = init.fields;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

export const notFound = (code: AppCode, message?: string) => new AppError({ code, message });
