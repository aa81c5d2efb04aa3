// A refusal of ours (not upstream's) with the HTTP status and pt-BR message the browser gets.
// Services throw it; lib/http/errors.ts turns it into the contract's error body.

export type AppErrorInit = {
  code: string;
  httpStatus: number;
  message: string;
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
};

export class AppError extends Error {
  readonly code: string;
  readonly httpStatus: number;
  readonly userMessage: string;
  readonly fields?: Record<string, string>;
  readonly retryAfterSeconds?: number;

  constructor(init: AppErrorInit) {
    super(`${init.code}: ${init.message}`);
    this.name = "AppError";
    this.code = init.code;
    this.httpStatus = init.httpStatus;
    this.userMessage = init.message;
    this.fields = init.fields;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

export const notFound = (code: string, message: string) => new AppError({ code, httpStatus: 404, message });
