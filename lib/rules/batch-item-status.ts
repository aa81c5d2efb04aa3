// A batch item's status and its pt-BR words (table, CSV, PDF).
export type BatchItemStatus = "queued" | "running" | "done" | "failed";

export const ITEM_STATUS_LABEL: Record<string, string> = {
  queued: "Na fila",
  running: "Consultando",
  done: "Concluída",
  failed: "Falhou",
};
