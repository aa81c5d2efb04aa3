// pt-BR words for a batch item's status (table, CSV, PDF).
export const ITEM_STATUS_LABEL: Record<string, string> = {
  queued: "Na fila",
  running: "Consultando",
  done: "Concluída",
  failed: "Falhou",
};
