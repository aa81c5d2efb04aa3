"use client";

import dynamic from "next/dynamic";
import { cx } from "./cx";

// qrcode.react (~11 KB gzipped) is only needed once there is a code to show, never at first paint:
// it loads on demand into a box that already has the QR's final size, so nothing moves when it lands.
const QRCodeSVG = dynamic(() => import("qrcode.react").then((m) => m.QRCodeSVG), {
  ssr: false,
  loading: () => (
    <div aria-hidden="true" className="size-full rounded bg-slate-100 motion-safe:animate-pulse" />
  ),
});

type Props = {
  value: string;
  /** Pixels the SVG is drawn at (its viewBox); the rendered size comes from `className`. */
  size: number;
  label: string;
  /** Width classes of the square box, e.g. `w-56 md:w-64`. */
  className: string;
};

export function LazyQrCode({ value, size, label, className }: Props) {
  return (
    <div className={cx("aspect-square", className)}>
      <QRCodeSVG
        value={value}
        size={size}
        marginSize={2}
        role="img"
        aria-label={label}
        className="block size-full"
      />
    </div>
  );
}
