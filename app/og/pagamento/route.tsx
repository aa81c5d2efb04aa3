// GET /og/pagamento – the Open Graph card of every payment link: generic on purpose (no name, plate, CPF or amount), so a link pasted in WhatsApp shows what it is and nothing about whom it is for.
import { ImageResponse } from "next/og";

// The same picture for every link: rendered once per build, served as a static PNG.
export const dynamic = "force-static";

const SIZE = { width: 1200, height: 630 };

export function GET() {
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "center",
        padding: "80px",
        background: "#f8fafc",
        fontSize: 40,
        color: "#0f172a",
      }}
    >
      <div style={{ display: "flex", alignItems: "center", gap: "28px" }}>
        {/* The site icon (public/icon.svg) drawn as SVG: a glyph missing from the bundled Geist font would make next/og fetch a font from Google at render time, which fails offline. */}
        <svg width="120" height="120" viewBox="0 0 512 512">
          <rect width="512" height="512" rx="112" fill="#1d4ed8" />
          <rect x="96" y="176" width="320" height="160" rx="24" fill="#fff" />
          <path
            d="M190 270l42 42 90-90"
            fill="none"
            stroke="#1d4ed8"
            strokeWidth="30"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <div style={{ fontSize: 44, color: "#1d4ed8" }}>Placa Paga</div>
      </div>
      <div style={{ marginTop: 56, fontSize: 72, lineHeight: 1.1 }}>
        Pagamento de débitos do veículo
      </div>
      <div style={{ marginTop: 28, fontSize: 40, color: "#334155" }}>
        Multas, IPVA e licenciamento · PIX ou cartão em até 12x
      </div>
    </div>,
    SIZE,
  );
}
