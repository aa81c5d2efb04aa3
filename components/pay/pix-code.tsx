"use client";

import type { ReactNode } from "react";
import type { CheckoutView } from "@/lib/browser/types";
import { CopyButton } from "@/components/ui/copy-button";
import { LazyQrCode } from "@/components/ui/lazy-qr-code";
import { Money } from "@/components/ui/money";
import { pixAmountCents, pixBeneficiary } from "@/lib/rules/pix-br-code";
import { bankAppCheck, pixAmountBreakdown } from "@/lib/rules/pix-trust";
import { Countdown } from "./countdown";

type Props = {
  code: string;
  expiresAt: string;
  amountCents: number | null | undefined;
  debts: CheckoutView["debts"];
  payee?: ReactNode;
  onExpire: () => void;
};

/**
 * QR large and first on desktop; on phones the copy button comes first (the bank app is on the same
 * phone, which cannot scan itself). The DOM follows the phone order, so screen readers reach the
 * copy button before the image on every width.
 */
export function PixCode({ code, expiresAt, amountCents, debts, payee, onExpire }: Props) {
  // Read from the code itself: exactly what the bank app will show.
  const beneficiary = pixBeneficiary(code);
  const cents = amountCents ?? pixAmountCents(code);
  const breakdown = pixAmountBreakdown(
    debts.map((d) => d.amountCents),
    cents,
  );
  const check = bankAppCheck(beneficiary?.name ?? null, cents ?? null);
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-5 md:flex-row md:items-start">
        <div className="flex flex-1 flex-col gap-3">
          <dl className="grid grid-cols-2 gap-3">
            <div>
              <dt className="text-xs text-slate-600">Valor exato</dt>
              <dd>
                {cents != null ? <Money cents={cents} className="text-2xl font-bold" /> : "—"}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">Favorecido no código</dt>
              <dd className="font-semibold">{beneficiary ? beneficiary.name : "—"}</dd>
              {beneficiary?.city ? (
                <dd className="text-xs text-slate-600">{beneficiary.city}</dd>
              ) : null}
            </div>
          </dl>
          <Countdown expiresAt={expiresAt} onExpire={onExpire} />
          <CopyButton text={code} inputId="pix-code" label="Copiar código PIX" />
          <div className="flex flex-col gap-1">
            <label htmlFor="pix-code" className="text-sm font-semibold text-slate-800">
              Código PIX copia e cola
            </label>
            <input
              id="pix-code"
              readOnly
              value={code}
              className="min-h-11 w-full truncate rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-sm"
              onFocus={(e) => e.currentTarget.select()}
            />
          </div>
          <ol className="list-decimal pl-5 text-sm text-slate-700">
            <li>Copie o código ou escaneie o QR Code.</li>
            <li>No app do seu banco, escolha PIX copia e cola.</li>
            <li className="font-medium text-slate-900">{check}</li>
            <li>Confirme o pagamento: esta página avança sozinha.</li>
          </ol>
        </div>
        {/* After the copy button in the DOM (reading order = phone order); first on screen from md up. */}
        <div className="flex justify-center md:order-first">
          <div className="rounded-xl border border-slate-200 bg-white p-3">
            <LazyQrCode
              value={code}
              size={232}
              label="QR Code do PIX: escaneie com o app do seu banco"
              className="w-56 md:w-64"
            />
          </div>
        </div>
      </div>
      <section aria-labelledby="pix-debts-title" className="text-sm text-slate-700">
        <h3 id="pix-debts-title" className="font-semibold text-slate-900">
          O que este PIX paga
        </h3>
        <ul className="mt-1 divide-y divide-slate-200">
          {debts.map((d) => (
            <li key={d.id} className="flex justify-between gap-3 py-1.5">
              <span>{d.title}</span>
              <Money cents={d.amountCents} />
            </li>
          ))}
          {breakdown && breakdown.interestCents > 0 ? (
            <li className="flex justify-between gap-3 py-1.5">
              <span>Juros do PIX</span>
              <Money cents={breakdown.interestCents} />
            </li>
          ) : null}
        </ul>
      </section>
      {payee}
    </div>
  );
}
