import type { Metadata, Viewport } from "next";
import { env } from "@/lib/env";
import { TestEnvironmentBanner } from "@/components/layout/test-environment-banner";
import { SiteHeader } from "@/components/layout/site-header";
import { QueryProvider } from "@/components/providers/query-provider";
import "./globals.css";

// Rendered per request: the banner follows the running key, not the one present at build time.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { default: "Placa Paga – débitos do veículo", template: "%s · Placa Paga" },
  description: "Consulte e pague multas, IPVA e licenciamento do seu veículo com cartão ou PIX.",
  // public/: added to a phone's home screen, the storefront opens as an app with its own icon.
  manifest: "/manifest.webmanifest",
  icons: {
    icon: [
      { url: "/favicon.ico", sizes: "16x16 32x32 48x48" },
      { url: "/icon.svg", type: "image/svg+xml" },
    ],
    apple: { url: "/apple-touch-icon.png", sizes: "180x180" },
  },
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#1d4ed8" };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="pt-BR">
      <body className="min-h-dvh">
        <SiteHeader
          notice={env.upstreamEnvironment === "test" ? <TestEnvironmentBanner /> : null}
        />
        <QueryProvider>{children}</QueryProvider>
      </body>
    </html>
  );
}
