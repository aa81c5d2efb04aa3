import "server-only";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { notInWorkspace } from "@/lib/auth/user-route";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { MUTED, Writer } from "@/lib/receipts/receipt-pdf";
import { ITEM_STATUS_LABEL } from "@/lib/rules/batch-item-status";
import { maskCpfCnpjForMail } from "@/lib/rules/cpf-cnpj";
import { formatBRL, formatDateTimeBR } from "@/lib/rules/money";
import { getBatchView } from "./batch-view";

// A PDF per client of a batch: each of the client's vehicles with its totals, what licensing
// requires, or why the lookup failed. The CPF/CNPJ is masked: the report is handed to the client.

export async function clientReportPdf(
  userId: string,
  batchId: string,
  clientId: string,
): Promise<{ pdf: Uint8Array; filename: string }> {
  const view = await getBatchView(userId, batchId);
  const items = view.items.filter((i) => i.clientId === clientId);
  const client = items.length
    ? await db.workspaceClient.findFirst({ where: { id: clientId, userId } })
    : null;
  if (!client) throw notInWorkspace("Cliente");

  const doc = await PDFDocument.create();
  doc.setTitle(`Relatório de débitos — ${client.name}`);
  doc.setLanguage("pt-BR");
  doc.setCreator("Placa Paga");
  doc.setProducer("Placa Paga");
  const w = new Writer(doc, {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  });

  w.text("Relatório de débitos", { size: 20, bold: true });
  w.text(
    `Consulta em lote de ${formatDateTimeBR(view.createdAt)} · emitido por ${env.company.name}`,
    { size: 9, color: MUTED, gap: 4 },
  );
  w.heading("Cliente");
  w.pair("Nome", client.name);
  w.pair("CPF/CNPJ", maskCpfCnpjForMail(client.cpfCnpj));

  let grand = 0;
  for (const item of items) {
    w.heading(`Veículo ${item.plate} (${item.uf})`);
    w.pair("Situação da consulta", ITEM_STATUS_LABEL[item.status] ?? item.status);
    const s = item.summary;
    if (item.status === "failed") {
      w.text(item.errorMessage ?? "A consulta falhou.", { size: 9, color: MUTED, gap: 4 });
      continue;
    }
    if (!s) {
      w.text("Resultado ainda não disponível.", { size: 9, color: MUTED, gap: 4 });
      continue;
    }
    if (s.debtCount === 0) {
      w.text("Nenhum débito pendente.", { size: 10, gap: 4 });
      continue;
    }
    grand += s.totalCents;
    w.pair("Multas", formatBRL(s.finesCents));
    w.pair("IPVA", formatBRL(s.ipvaCents));
    w.pair("Licenciamento", formatBRL(s.licensingCents));
    if (s.otherCents > 0) w.pair("Outros", formatBRL(s.otherCents));
    w.pair("Total em aberto", formatBRL(s.totalCents), { bold: true });
    if (s.licensing.count > 0) {
      w.pair("Para licenciar", formatBRL(s.licensing.totalCents));
      w.text(`Exigido para licenciar: ${s.licensing.titles.join("; ")}`, {
        size: 9,
        color: MUTED,
        gap: 4,
      });
    }
  }
  w.heading("Total do cliente");
  w.pair("Total em aberto de todos os veículos", formatBRL(grand), { bold: true, size: 12 });
  w.text("Valores sem juros do meio de pagamento; o total exato aparece antes de pagar.", {
    size: 9,
    color: MUTED,
  });
  return {
    pdf: await doc.save(),
    filename: `relatorio-${view.createdAt.slice(0, 10)}-${client.id.slice(-6)}.pdf`,
  };
}
