// The sandbox's interest model (spec rules 1-5 of the installment simulation; the rates are the
// sandbox's decision, docs/sandbox-payments.md "Interest model"):
//   1x   total = amount * (1 + 2.99%)                 (rounded half-up to the cent)
//   n>1  the 1x total financed with the Price table (French amortisation) at 1.99% a month:
//        installment = ceil(base * i / (1 - (1 + i)^-n)), total = installment * n
//   PIX  total = the 1x total (the spec puts interest on PIX too; the storefront shows it
//        before committing by reading the 1x option).
// Everything is integer cents, so total == installment * n exactly and
// interestAmount == total - amount exactly.
import { divRoundHalfUp } from "./money";

export const ONE_TIME_RATE_BASIS_POINTS = 299; // 2.99 %
export const MONTHLY_RATE = 0.0199; // 1.99 % a month
export const MIN_INSTALLMENT_CENTS = 500; // spec: every installment >= 5.00 reais
export const MAX_INSTALLMENTS = 12;

export type InstallmentOptionCents = {
  number: number;
  installmentCents: number;
  totalCents: number;
  interestCents: number;
  /** Total interest over the amount, in percent with two decimals (e.g. 2.99). */
  interestRate: number;
};

/** Spec rule 3: min(12, floor(amount / 5.00)); 0 when the amount is below 5.00. */
export function maxInstallments(amountCents: number): number {
  return Math.min(MAX_INSTALLMENTS, Math.floor(amountCents / MIN_INSTALLMENT_CENTS));
}

/** The 1x total, also the PIX total. */
export function oneTimeTotalCents(amountCents: number): number {
  return divRoundHalfUp(amountCents * (10_000 + ONE_TIME_RATE_BASIS_POINTS), 10_000);
}

export const pixTotalCents = oneTimeTotalCents;

function priceInstallmentCents(baseCents: number, n: number): number {
  const factor = MONTHLY_RATE / (1 - Math.pow(1 + MONTHLY_RATE, -n));
  // Tiny epsilon so an exact-cent float result like 515.0000000001 does not round up a cent.
  return Math.ceil(baseCents * factor - 1e-9);
}

/** Every valid option for the amount, ascending from 1 (empty below 5.00: no option meets rule 2). */
export function installmentOptions(amountCents: number): InstallmentOptionCents[] {
  const options: InstallmentOptionCents[] = [];
  const base = oneTimeTotalCents(amountCents);
  let previousTotal = 0;
  for (let n = 1; n <= maxInstallments(amountCents); n++) {
    let installment = n === 1 ? base : priceInstallmentCents(base, n);
    // Rule 4 demands strictly rising totals; the model already rises by far more than the
    // rounding, this guard only makes the guarantee independent of float arithmetic.
    while (installment * n <= previousTotal) installment += 1;
    const total = installment * n;
    previousTotal = total;
    options.push({
      number: n,
      installmentCents: installment,
      totalCents: total,
      interestCents: total - amountCents,
      interestRate: divRoundHalfUp((total - amountCents) * 10_000, amountCents) / 100,
    });
  }
  return options;
}

/** The option for a given count, or undefined when that count is not offered for the amount. */
export function installmentOption(
  amountCents: number,
  count: number,
): InstallmentOptionCents | undefined {
  return installmentOptions(amountCents).find((o) => o.number === count);
}
