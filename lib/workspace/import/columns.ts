// Which column of the file is which field. Pure. People write headers their own way ("CPF/CNPJ",
// "Nome do cliente", "E-mail", "Placa do veículo"): compared without case, accents, spaces or
// punctuation, against a list of names for each field.

export const IMPORT_FIELDS = [
  "name",
  "cpfCnpj",
  "phone",
  "email",
  "plate",
  "uf",
  "renavam",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** The template's header names, also used to name a field whose column is missing. */
export const FIELD_LABELS: Record<ImportField, string> = {
  name: "nome",
  cpfCnpj: "cpf_cnpj",
  phone: "telefone",
  email: "email",
  plate: "placa",
  uf: "uf",
  renavam: "renavam",
};

export const REQUIRED_FIELDS: readonly ImportField[] = [
  "name",
  "cpfCnpj",
  "plate",
  "uf",
  "renavam",
];

const ALIASES: Record<ImportField, readonly string[]> = {
  name: [
    "nome",
    "nomecompleto",
    "nomedocliente",
    "cliente",
    "name",
    "proprietario",
    "nomedoproprietario",
    "razaosocial",
  ],
  cpfCnpj: ["cpfcnpj", "cpf", "cnpj", "cpfoucnpj", "documento", "doc", "cpfcnpjdoproprietario"],
  phone: ["telefone", "celular", "fone", "whatsapp", "phone", "telefonecelular", "tel"],
  email: ["email", "correioeletronico", "mail"],
  plate: ["placa", "placadoveiculo", "plate"],
  uf: ["uf", "estado", "ufdoveiculo"],
  renavam: ["renavam", "codigorenavam", "renavamdoveiculo"],
};

const BY_ALIAS = new Map<string, ImportField>(
  IMPORT_FIELDS.flatMap((f) => ALIASES[f].map((a) => [a, f] as const)),
);

export function normalizeHeader(header: string): string {
  return header
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

export type ColumnMap = {
  /** The cell index of each field found. */
  index: Partial<Record<ImportField, number>>;
  /** Required fields with no column. */
  missing: ImportField[];
  /** Header cells that name no field (kept out of the import, and said so). */
  ignored: string[];
  /** A field named by two columns: ambiguous, so the file is refused. */
  duplicated: ImportField[];
};

export function mapColumns(header: readonly string[]): ColumnMap {
  const index: ColumnMap["index"] = {};
  const ignored: string[] = [];
  const duplicated: ImportField[] = [];
  header.forEach((cell, i) => {
    const field = BY_ALIAS.get(normalizeHeader(cell));
    if (!field) {
      if (cell.trim() !== "") ignored.push(cell);
      return;
    }
    if (index[field] !== undefined) duplicated.push(field);
    else index[field] = i;
  });
  const missing = REQUIRED_FIELDS.filter((f) => index[f] === undefined);
  return { index, missing, ignored, duplicated };
}

/** How a column is named in messages: as the file's header wrote it, else the template's name. */
export function columnName(field: ImportField, header: readonly string[], map: ColumnMap): string {
  const i = map.index[field];
  return i === undefined ? FIELD_LABELS[field] : header[i] || FIELD_LABELS[field];
}
