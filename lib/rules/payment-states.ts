import {
  canTransition,
  canTransitionLiquidation,
  isFinal,
  isKnownPaymentStatus,
  isOurConclusion,
  isSettled,
  KNOWN_PAYMENT_STATUSES,
  RELEASING_PAYMENT_STATUSES,
  settlementMoves,
  type KnownPaymentStatus,
} from "./payment-status";

// The payment state machine as data and pure decisions: applyPaymentUpdate, the status-call
// paths, the webhook handler and the held-debts query follow these functions, the property test
// drives them against a model of the upstream, and docs/payment-states.md prints STATE_TABLE.
//
// Inputs that can move a payment:
// - `call`: the answer to our own POST /payment (creation or PIX renewal);
// - `poll`: the status endpoint asked because time passed (status page, background sweep);
// - `confirm`: the status endpoint asked because an event arrived; the event itself writes nothing;
// - `conclusion`: our own verdicts: `not_created`, from the upstream's 404s past the grace;
//   `abandoned`, a PIX awaiting payment whose code neither our call nor its replay brought.

export type PaymentInput = "call" | "poll" | "confirm" | "conclusion";

export type StoredState = { status: string; liquidationStatus: string | null };

export type Incoming = {
  status?: string;
  liquidationStatus?: string | null;
  debts?: { id: string; status: string }[];
};

/** Stored state after an upstream answer: status forward only, settlement only with `paid`. */
export function mergeAnswer(current: StoredState, incoming: Incoming): StoredState {
  const status =
    incoming.status && canTransition(current.status, incoming.status)
      ? incoming.status
      : current.status;
  const liquidationStatus =
    settlementMoves(status) &&
    incoming.liquidationStatus &&
    canTransitionLiquidation(current.liquidationStatus, incoming.liquidationStatus)
      ? incoming.liquidationStatus
      : current.liquidationStatus;
  return { status, liquidationStatus };
}

/** Whether a debt's settlement may move to `to` while its payment is `paymentStatus`. */
export function debtSettlementMoves(
  paymentStatus: string,
  from: string | null | undefined,
  to: string,
): boolean {
  return settlementMoves(paymentStatus) && canTransitionLiquidation(from, to);
}

/**
 * An attempt we never heard back about (our call failed or timed out, no paymentId) that the
 * upstream says it does not know, once the grace after our call has passed. Anything the upstream
 * ever confirmed (a paymentId, any status but our `pending`) is never concluded this way.
 */
export function mayConcludeNotCreated(
  p: { status: string; paymentId: string | null; createdAt: Date },
  now: Date,
  graceMs: number,
): boolean {
  return (
    p.status === "pending" &&
    p.paymentId === null &&
    now.getTime() - p.createdAt.getTime() >= graceMs
  );
}

/**
 * Whether a payment keeps its checkout's debts from being paid elsewhere. Released: nothing was or
 * can be charged (refused, expired, not created), or we never heard back and its checkout expired
 * (the upstream takes no payment on an expired checkout). An unknown upstream value holds: money
 * may have moved. `held-debts.ts` writes the same rule as a query.
 */
export function holdsDebts(p: { status: string; checkoutExpiresAt: Date }, now: Date): boolean {
  if ((RELEASING_PAYMENT_STATUSES as readonly string[]).includes(p.status)) return false;
  if (p.status === "pending" && p.checkoutExpiresAt.getTime() <= now.getTime()) return false;
  return true;
}

/** The first 30 s after our call, and 30 s after each upstream answer, teach a poll nothing new. */
export const QUIET_AFTER_ANSWER_MS = 30_000;

/**
 * The status page's reads spend no upstream call while there is nothing to learn yet: a payment
 * made less than 30 s ago (its webhook, if any, is on its way and is confirmed on arrival), or one
 * whose last upstream answer is under 30 s old. `quietMs` is 30 s, or the poll spacing where a
 * test shortens that below 30 s.
 */
export function pollHasNothingToLearn(
  p: { createdAt: Date; lastCheckedAt: Date | null },
  now: Date,
  quietMs = QUIET_AFTER_ANSWER_MS,
): boolean {
  const t = now.getTime();
  if (t - p.createdAt.getTime() < quietMs) return true;
  return p.lastCheckedAt !== null && t - p.lastCheckedAt.getTime() < quietMs;
}

/**
 * A PIX the upstream says awaits payment while we hold no code for it: our call's answer was lost
 * (a crash mid-call, a timeout) or the upstream created it late. Nobody can pay it as it stands, so
 * it is never shown as waiting: its code is asked for again (a replay of our call), or it ends.
 */
export function pixCodeMissing(p: {
  method: string;
  status: string;
  pixCode: string | null;
}): boolean {
  return p.method === "pix" && p.status === "awaiting_payment" && p.pixCode === null;
}

export type EventReport = { status: string; liquidationStatus?: string | null };

/**
 * Whether what we store already says what an event says (or more), so no status call is needed:
 * the same status, a final one the event is behind, or a later known step; a settlement only once
 * we store it. An unknown value in an event is never "reflected": it is not a status we write.
 */
export function eventReflected(stored: StoredState, event: EventReport): boolean {
  if (
    !isKnownPaymentStatus(event.status) ||
    event.status === "pending" ||
    isOurConclusion(event.status)
  )
    return false;
  // Our own verdicts give way to the upstream's proof: an event about one is always confirmed.
  if (isOurConclusion(stored.status)) return false;
  const statusOk =
    stored.status === event.status ||
    (isFinal(stored.status) && !isFinal(event.status)) ||
    (isKnownPaymentStatus(stored.status) &&
      !isFinal(stored.status) &&
      !isFinal(event.status) &&
      !canTransition(stored.status, event.status));
  if (!statusOk) return false;
  if (!event.liquidationStatus) return true;
  return (
    stored.liquidationStatus === event.liquidationStatus ||
    (stored.liquidationStatus !== null &&
      !canTransitionLiquidation(stored.liquidationStatus, event.liquidationStatus))
  );
}

/** An event value we may act on at all (anything else is kept in the inbox, logged and counted). */
export function isKnownEventStatus(status: string): boolean {
  return isKnownPaymentStatus(status) && status !== "pending" && !isOurConclusion(status);
}

export function isSettledState(s: StoredState): boolean {
  return s.status === "paid" && isSettled(s.liquidationStatus);
}

// ---- The table docs/payment-states.md prints (tests/unit/rules/payment-states.test.ts checks both).

export type StateRow = {
  status: KnownPaymentStatus | "(valor desconhecido)";
  final: "sim" | "não" | "reabre";
  holds: string;
  movedBy: string;
  shown: string;
};

export const STATE_TABLE: readonly StateRow[] = [
  {
    status: "pending",
    final: "não",
    holds: "sim, até o checkout expirar",
    movedBy: "call, poll, confirm; conclusion → not_created",
    shown: "Aguardando resposta; prazo em que encerramos sem cobrança",
  },
  {
    status: "awaiting_payment",
    final: "não",
    holds: "sim",
    movedBy: "call, poll, confirm",
    shown: "Aguardando pagamento; QR code PIX e renovação",
  },
  {
    status: "processing",
    final: "não",
    holds: "sim",
    movedBy: "call, poll, confirm",
    shown: "Processando",
  },
  {
    status: "in_analysis",
    final: "não",
    holds: "sim",
    movedBy: "call, poll, confirm",
    shown: "Em análise (antifraude)",
  },
  {
    status: "paid",
    final: "sim",
    holds: "sim (pago)",
    movedBy: "call, poll, confirm",
    shown: "Pago; baixa por débito até Quitado; comprovante",
  },
  {
    status: "refused",
    final: "sim",
    holds: "não",
    movedBy: "call, poll, confirm",
    shown: "Recusado; nada cobrado; pagar de novo",
  },
  {
    status: "expired",
    final: "sim",
    holds: "não",
    movedBy: "poll, confirm",
    shown: "Expirado; gerar novo PIX",
  },
  {
    status: "not_created",
    final: "reabre",
    holds: "não",
    movedBy: "conclusion (404 após a carência); reaberto por poll ou confirm",
    shown: "Não realizado; nada cobrado; pagar de novo",
  },
  {
    status: "abandoned",
    final: "reabre",
    holds: "não",
    movedBy:
      "conclusion (PIX sem código, e a repetição da chamada não o trouxe); reaberto por poll ou confirm com outra resposta que não awaiting_payment",
    shown: "Encerrado sem código; nada cobrado; pagar de novo num novo pagamento",
  },
  {
    status: "(valor desconhecido)",
    final: "não",
    holds: "sim",
    movedBy: "call, poll, confirm (nunca um evento)",
    shown: "Em verificação com a operadora; listado para a operação",
  },
];

/** Every (from, to) pair of known statuses an upstream answer may take, for the doc and tests. */
export function allowedTransitions(): [KnownPaymentStatus, KnownPaymentStatus][] {
  const pairs: [KnownPaymentStatus, KnownPaymentStatus][] = [];
  for (const from of KNOWN_PAYMENT_STATUSES)
    for (const to of KNOWN_PAYMENT_STATUSES) if (canTransition(from, to)) pairs.push([from, to]);
  return pairs;
}

export function renderStateTable(): string {
  const lines = [
    "| status | final | retém os débitos | movido por | o que a pessoa vê |",
    "|---|---|---|---|---|",
  ];
  for (const r of STATE_TABLE)
    lines.push(`| \`${r.status}\` | ${r.final} | ${r.holds} | ${r.movedBy} | ${r.shown} |`);
  return lines.join("\n");
}

export function renderTransitionList(): string {
  const by = new Map<string, string[]>();
  for (const [from, to] of allowedTransitions()) by.set(from, [...(by.get(from) ?? []), to]);
  return KNOWN_PAYMENT_STATUSES.map(
    (from) => `- \`${from}\` → ${(by.get(from) ?? []).map((t) => `\`${t}\``).join(", ") || "nada"}`,
  ).join("\n");
}
