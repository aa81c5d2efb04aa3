import type { ReactNode } from "react";

// The frame of every e-mail: inline styles only (mail clients drop <style> and classes), no
// remote images or scripts, one clear button. Table layout: what Outlook and Gmail render alike.

const BRAND = "#0f5132";
const font = "Arial, Helvetica, sans-serif";

export function Layout({
  preview,
  title,
  children,
}: {
  preview: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <html lang="pt-BR">
      {/* eslint-disable-next-line @next/next/no-head-element -- an e-mail document, not a Next page */}
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body
        style={{
          margin: 0,
          padding: 0,
          backgroundColor: "#f3f4f6",
          fontFamily: font,
          color: "#111827",
        }}
      >
        <div style={{ display: "none", maxHeight: 0, overflow: "hidden" }}>{preview}</div>
        {/* One main landmark around the message, for the screen readers of webmail and of the test
            mailbox; clients that do not know the element render its content as it is. */}
        <main>
          <table
            role="presentation"
            width="100%"
            cellPadding={0}
            cellSpacing={0}
            style={{ backgroundColor: "#f3f4f6" }}
          >
            <tbody>
              <tr>
                <td align="center" style={{ padding: "16px 8px" }}>
                  <table
                    role="presentation"
                    width="100%"
                    cellPadding={0}
                    cellSpacing={0}
                    style={{ maxWidth: 560, backgroundColor: "#ffffff", borderRadius: 8 }}
                  >
                    <tbody>
                      <tr>
                        <td
                          style={{
                            backgroundColor: BRAND,
                            color: "#ffffff",
                            padding: "16px 24px",
                            borderRadius: "8px 8px 0 0",
                            fontSize: 20,
                            fontWeight: 700,
                          }}
                        >
                          Placa Paga
                        </td>
                      </tr>
                      <tr>
                        <td style={{ padding: "24px", fontSize: 16, lineHeight: "24px" }}>
                          <h1 style={{ fontSize: 22, lineHeight: "28px", margin: "0 0 16px" }}>
                            {title}
                          </h1>
                          {children}
                        </td>
                      </tr>
                      <tr>
                        <td
                          style={{
                            padding: "16px 24px",
                            fontSize: 12,
                            lineHeight: "18px",
                            color: "#6b7280",
                            borderTop: "1px solid #e5e7eb",
                          }}
                        >
                          Você recebeu este e-mail porque usou a Placa Paga. Nunca pedimos dados do
                          cartão por e-mail.
                        </td>
                      </tr>
                    </tbody>
                  </table>
                </td>
              </tr>
            </tbody>
          </table>
        </main>
      </body>
    </html>
  );
}

export function Button({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: "24px 0" }}>
      <a
        href={href}
        style={{
          display: "inline-block",
          backgroundColor: BRAND,
          color: "#ffffff",
          padding: "12px 24px",
          borderRadius: 6,
          textDecoration: "none",
          fontWeight: 700,
        }}
      >
        {children}
      </a>
    </p>
  );
}

export function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ margin: "8px 0 16px", fontSize: 15 }}
    >
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <td style={{ padding: "4px 0", color: "#4b5563" }}>{label}</td>
            <td style={{ padding: "4px 0", textAlign: "right", fontWeight: 700 }}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function DebtList({
  debts,
}: {
  debts: { title: string; reference?: string | null; amount: string }[];
}) {
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ margin: "8px 0 16px", fontSize: 14, borderTop: "1px solid #e5e7eb" }}
    >
      <tbody>
        {debts.map((d, i) => (
          <tr key={i}>
            <td style={{ padding: "6px 0", borderBottom: "1px solid #e5e7eb" }}>
              {d.title}
              {d.reference ? (
                <span style={{ display: "block", fontSize: 12, color: "#4b5563" }}>
                  {d.reference}
                </span>
              ) : null}
            </td>
            <td style={{ padding: "6px 0", borderBottom: "1px solid #e5e7eb", textAlign: "right" }}>
              {d.amount}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export const p = { margin: "0 0 12px" } as const;
