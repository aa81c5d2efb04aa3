"use client";

import { CopyButton } from "@/components/ui/copy-button";
import { LazyQrCode } from "@/components/ui/lazy-qr-code";
import { Money } from "@/components/ui/money";
import { pixAmountCents, pixBeneficiary } from "@/lib/rules/pix-br-code";
import { Countdown } from "./countdown";

type Props = { code: string; expiresAt: string; amountCents: number | null | undefined; onExpire: () => void };

/** QR large on desktop; on phones the copy button comes first (a phone cannot scan itself). */
export function PixCode({ code, expiresAt, amountCents, onExpire }: Props) {
  const beneficiary = pixBeneficiary(code);
  const cents = amountCents ?? pixAmountCents(code);
  return (
    <div className="flex flex-col gap-5 md:flex-row md:items-start">
      <div className="order-2 flex justify-center md:order-1">
        <div className="rounded-xl border border-slate-200 bg-white p-3">
          <LazyQrCode value={code} size={232} label="QR Code do PIX: escaneie com o app do seu banco" className="w-56 md:w-64" />
        </div>
      </div>
      <div className="order-1 flex flex-1 flex-col gap-3 md:order-2">
        <dl className="grid grid-cols-2 gap-3">
          <div>
            <dt className="text-xs text-slate-600">Valor</dt>
            <dd>{cents != null ? <Money cents={cents} className="text-2xl font-bold" /> : "—"}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600">Favorecido</dt>
            <dd className="font-semibold">{beneficiary ? beneficiary.name : "—"}</dd>
          </div>
        </dl>
        <Countdown expiresAt={expiresAt} onExpire={onExpire} />
        <CopyButton text={code} inputId="pix-code" label="Copiar código PIX" />
        <div className="flex flex-col gap-1">
          <label htmlFor="pix-code" className="text-sm font-semibold text-slate-800">
            Código PIX copia e cola
          </label>
          <input id="pix-code" readOnly value={code} className="min-h-11 w-full truncate rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-sm" onFocus={(e) => e.currentTarget.select()} />
        </div>
        <ol className="list-decimal pl-5 text-sm text-slate-700">
          <li>Copie o código ou escaneie o QR Code.</li>
          <li>No app do seu banco, escolha PIX copia e cola.</li>
          <li>Confirme o pagamento: esta página avança sozinha.</li>
        </ol>
      </div>
    </div>
  );
}
