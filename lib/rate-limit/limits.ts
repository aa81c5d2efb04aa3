import "server-only";
import { RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { moduleLogger } from "@/lib/log/logger";
import { metrics } from "@/lib/metrics/registry";

// Our own limits, counted in the database (RateLimiterPrisma, table RateLimiterFlexible) so every
// instance behind the load balancer shares one count: a limit of N holds wherever requests land.
// Each consume is an atomic increment (upsert), so concurrent requests are all counted. The client
// IP is lib/http/client-ip.ts's: the socket address, never a header a client writes.
// Counted per RATE_LIMIT_WINDOW_SECONDS (default 10 min):
//   lookup        per client IP  (default 20)  against CPF/RENAVAM enumeration
//   cardTokenIp   per client IP  (default 10)  against card testing
//   cardTokenCheckout per checkout (default 5) card testing spread over many IPs on one link
//   payment       per client IP  (default 10)
//   installments, vehicle, checkout  per client IP (60, 30, 20): each costs an upstream call, and
//                 the key's budget (1,000 a minute) is shared by every customer
//   paymentRefMiss per client IP (30): only unknown or replaced payment references, against guessing
//   signIn per client IP (10), signInEmail per mailbox (3): sign-in link e-mails, against mail bombing
//   radarSubscribe per client IP (10): an owner's Radar subscription sends a confirmation e-mail
//   radarConfirmEmail per mailbox (3): those e-mails to one mailbox from many client IPs
//   (a mailbox: lib/privacy mailboxIndex, so "nome+1@" or, on Gmail, "n.o.m.e@" count as "nome@")

const log = moduleLogger("rate-limit");

export type LimitName =
  | "lookup"
  | "cardTokenIp"
  | "cardTokenCheckout"
  | "payment"
  | "installments"
  | "vehicle"
  | "checkout"
  | "paymentRefMiss"
  | "signIn"
  | "signInEmail"
  | "radarSubscribe"
  | "radarConfirmEmail"
  | "apiKey";

function points(name: LimitName): number {
  const r = env.rateLimits;
  return {
    lookup: r.lookupsPerIp,
    cardTokenIp: r.cardTokensPerIp,
    cardTokenCheckout: r.cardTokensPerCheckout,
    payment: r.paymentsPerIp,
    installments: r.installmentsPerIp,
    vehicle: r.vehiclesPerIp,
    checkout: r.checkoutsPerIp,
    paymentRefMiss: r.paymentRefMissesPerIp,
    signIn: r.signInsPerIp,
    signInEmail: r.signInsPerEmail,
    radarSubscribe: r.radarSubscribesPerIp,
    radarConfirmEmail: r.radarConfirmsPerEmail,
    apiKey: env.api.requestsPerMinute,
  }[name];
}

const MESSAGES: Record<LimitName, string> = {
  lookup: "Você fez muitas consultas em pouco tempo.",
  cardTokenIp: "Muitas tentativas com cartão em pouco tempo.",
  cardTokenCheckout: "Muitas tentativas com cartão neste pagamento.",
  payment: "Muitas tentativas de pagamento em pouco tempo.",
  installments: "Muitas simulações de parcelamento em pouco tempo.",
  vehicle: "Muitas consultas de veículo em pouco tempo.",
  checkout: "Muitos pagamentos criados em pouco tempo.",
  paymentRefMiss: "Muitos endereços de pagamento inexistentes em pouco tempo.",
  signIn: "Muitos pedidos de acesso em pouco tempo.",
  signInEmail: "Já enviamos vários links de acesso para este e-mail. Use o mais recente ou espere.",
  radarSubscribe: "Você pediu muitos avisos em pouco tempo.",
  radarConfirmEmail:
    "Já enviamos várias confirmações de aviso para este e-mail. Use a mais recente ou espere.",
  apiKey: "Esta chave de API fez muitas requisições neste minuto.",
};

// The public API's per-key limit is per minute (RateLimit headers promise a window a program can
// plan on); every other limit uses the shared window.
const windowOf = (name: LimitName) => (name === "apiKey" ? 60 : env.rateLimits.windowSeconds);

const limiters = new Map<LimitName, RateLimiterPrisma>();

// Built again when the configuration changed since (a test's overrideEnvForTests): the counts live
// in the database under the same key prefix, so only the limit and the window change. The first
// limiter's timer keeps clearing expired rows of the shared table; a rebuilt one starts no other.
function limiter(name: LimitName): RateLimiterPrisma {
  const limit = points(name);
  const windowSeconds = windowOf(name);
  let l = limiters.get(name);
  if (!l || l.points !== limit || l.duration !== windowSeconds) {
    l = new RateLimiterPrisma({
      storeClient: db,
      keyPrefix: name,
      points: limit,
      duration: windowSeconds,
      clearExpiredByTimeout: !l,
    });
    limiters.set(name, l);
  }
  return l;
}

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} segundo${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minuto${minutes === 1 ? "" : "s"}`;
}

/** Takes one point for `key`; over the limit it throws a 429 AppError with retryAfterSeconds. */
export async function consume(name: LimitName, key: string): Promise<void> {
  await consumeMetered(name, key);
}

/** Gives a point back (the request turned out to be a duplicate of one already counted). */
export async function refund(name: LimitName, key: string): Promise<void> {
  await limiter(name)
    .reward(key)
    .catch(() => undefined);
}

/** What a metered consume tells a caller that shows it (the API's RateLimit headers). */
export type Meter = {
  limit: number;
  remaining: number;
  resetSeconds: number;
  windowSeconds: number;
};

/**
 * consume() that also says what is left: resolves the meter, or throws the same 429 AppError
 * (retryAfterSeconds) with the meter attached for the refusal's headers.
 */
export async function consumeMetered(name: LimitName, key: string): Promise<Meter> {
  const l = limiter(name);
  const meterOf = (res: RateLimiterRes): Meter => ({
    limit: l.points,
    remaining: Math.max(0, res.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    windowSeconds: l.duration,
  });
  try {
    return meterOf(await l.consume(key));
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const meter = meterOf(rejection);
    metrics.rateLimitRefusals.inc({ limit: name });
    log.warn({ limit: name, retryAfterSeconds: meter.resetSeconds }, "rate limit reached");
    throw new MeteredRefusal(meter, MESSAGES[name]);
  }
}

/** The 429 of a metered limit: an AppError (so every route maps it) carrying its meter. */
export class MeteredRefusal extends AppError {
  constructor(
    readonly meter: Meter,
    message: string,
  ) {
    super({
      code: "RATE_LIMITED",
      message: `${message} Aguarde ${waitText(meter.resetSeconds)} e tente de novo.`,
      retryAfterSeconds: meter.resetSeconds,
    });
  }
}
