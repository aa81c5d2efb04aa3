// The downloadable template: what Excel pt-BR opens in columns without asking (a BOM so it reads
// UTF-8, `;` because its list separator is the comma's job in numbers) and one example row.

import { FIELD_LABELS, IMPORT_FIELDS } from "./columns";

export const TEMPLATE_FILENAME = "modelo-clientes-veiculos.csv";

const EXAMPLE = [
  "Maria da Silva",
  "529.982.247-25",
  "(11) 98765-4321",
  "maria@exemplo.com",
  "ABC1D23",
  "MG",
  "01234567803",
];

export function templateCsv(): string {
  const header = IMPORT_FIELDS.map((f) => FIELD_LABELS[f]).join(";");
  return `\uFEFF${header}\r\n${EXAMPLE.join(";")}\r\n`;
}
