"use client";

import { useState, useSyncExternalStore } from "react";
import { shareMessage, whatsappShareUrl, type ShareMessageInput } from "@/lib/rules/share-message";
import { Button, buttonClass } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { LazyQrCode } from "@/components/ui/lazy-qr-code";

const subscribe = () => () => {};
/** Web Share API: phones (and some desktops) have it; drawn only where it exists. */
const useCanShare = () =>
  useSyncExternalStore(
    subscribe,
    () => typeof navigator.share === "function",
    () => false,
  );

/**
 * Every way to hand the link over: copy, WhatsApp with a prefilled message (straight to the
 * client's chat when the workspace knows the phone), the phone's share sheet, a QR.
 */
export function ShareActions({
  phone,
  children,
  ...props
}: ShareMessageInput & { phone?: string | null; children?: React.ReactNode }) {
  const message = shareMessage(props);
  const canShare = useCanShare();
  const [shareError, setShareError] = useState("");
  const share = async () => {
    setShareError("");
    try {
      await navigator.share({ title: "Link de pagamento", text: message });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (!(error instanceof DOMException && error.name === "AbortError"))
        setShareError("Não foi possível abrir o compartilhamento. Copie o link.");
    }
  };
  return (
    <div className="flex flex-col gap-5 md:flex-row md:items-start">
      <div className="flex flex-1 flex-col gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="share-url" className="text-sm font-semibold text-slate-800">
            Link de pagamento
          </label>
          <input
            id="share-url"
            readOnly
            value={props.url}
            className="min-h-11 w-full truncate rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-sm"
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
        <CopyButton text={props.url} inputId="share-url" label="Copiar link" />
        <a
          href={whatsappShareUrl(message, phone)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass("secondary", "w-full")}
        >
          Enviar pelo WhatsApp
        </a>
        {children}
        {canShare ? (
          <Button variant="secondary" onClick={share} className="w-full">
            Compartilhar…
          </Button>
        ) : null}
        {shareError ? (
          <p role="alert" className="text-sm text-red-800">
            {shareError}
          </p>
        ) : null}
      </div>
      <figure className="flex flex-col items-center gap-2">
        <div className="rounded-xl border border-slate-200 bg-white p-3">
          <LazyQrCode
            value={props.url}
            size={200}
            label="QR Code do link de pagamento"
            className="w-48"
          />
        </div>
        <figcaption className="max-w-56 text-center text-xs text-slate-700">
          O cliente aponta a câmera do celular para abrir o link.
        </figcaption>
      </figure>
    </div>
  );
}
