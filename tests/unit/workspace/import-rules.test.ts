import { describe, expect, it } from "vitest";
import { mapColumns, normalizeHeader } from "@/lib/workspace/import/columns";
import { detectDelimiter, readTable, stripBom } from "@/lib/workspace/import/read-table";
import { templateCsv } from "@/lib/workspace/import/template";
import { validateRows } from "@/lib/workspace/import/validate-rows";
import { makeCpf, makeRenavam } from "../support/check-digits";

// The pure half of the spreadsheet import: reading the text, naming the columns, checking rows.

const CPF_A = makeCpf("123456789");
const CPF_B = makeCpf("987654321");
const REN_A = makeRenavam("1234567890");
const REN_B = makeRenavam("2234567890");

const HEADER = ["nome", "cpf_cnpj", "telefone", "email", "placa", "uf", "renavam"];
const check = (text: string) => {
  const table = readTable(text);
  return validateRows(table, mapColumns(table.header));
};

describe("reading the table", () => {
  it("strips a BOM and picks `;`, `,` or tab from the header line", () => {
    expect(stripBom("\uFEFFnome;placa")).toBe("nome;placa");
    expect(detectDelimiter("nome;cpf;placa")).toBe(";");
    expect(detectDelimiter("nome,cpf,placa")).toBe(",");
    expect(detectDelimiter("nome\tcpf\tplaca")).toBe("\t");
    // A comma inside a quoted header does not outvote the real separator.
    expect(detectDelimiter('"Nome, completo";cpf;placa')).toBe(";");
  });

  it("reads the same rows from the BOM+`;`, `,` and tab-pasted forms of one sheet", () => {
    const rows = [HEADER, ["Ana Souza", CPF_A, "", "", "ABC1D23", "SP", REN_A]];
    const forms = [
      `\uFEFF${rows.map((r) => r.join(";")).join("\r\n")}\r\n`,
      rows.map((r) => r.join(",")).join("\n"),
      rows.map((r) => r.join("\t")).join("\n"),
    ];
    const tables = forms.map(readTable);
    expect(tables.map((t) => t.delimiter)).toEqual([";", ",", "\t"]);
    for (const t of tables) {
      expect(t.header).toEqual(HEADER);
      expect(t.rows).toEqual([
        { line: 2, cells: ["Ana Souza", CPF_A, "", "", "ABC1D23", "SP", REN_A] },
      ]);
    }
  });

  it("keeps spreadsheet line numbers: blank lines are skipped and counted, quoted `;` and line breaks stay in one cell", () => {
    const t = readTable(
      `nome;placa\n"Silva; João";AAA1111\n\n;\n"Linha\nquebrada";BBB2222\nC;CCC3333\n`,
    );
    expect(t.rows.map((r) => [r.line, r.cells[0]])).toEqual([
      [2, "Silva; João"],
      [5, "Linha\nquebrada"],
      [6, "C"],
    ]);
    expect(t.blankLines).toBe(2);
  });

  it("the template is a BOM, `;` and every column the import knows, with a valid example row", () => {
    const csv = templateCsv();
    expect(csv.startsWith("\uFEFFnome;cpf_cnpj;telefone;email;placa;uf;renavam\r\n")).toBe(true);
    const result = check(csv);
    expect(result.rejections).toEqual([]);
    expect(result.rows).toHaveLength(1);
  });
});

describe("naming the columns", () => {
  it("accepts header variants without case, accents, spaces or punctuation", () => {
    expect(normalizeHeader("  CPF/CNPJ ")).toBe("cpfcnpj");
    expect(normalizeHeader("Nome do Cliente")).toBe("nomedocliente");
    const map = mapColumns([
      "Nome do cliente",
      "CPF/CNPJ",
      "Celular",
      "E-mail",
      "Placa do veículo",
      "Estado",
      "Código RENAVAM",
      "Observações",
    ]);
    expect(map.index).toEqual({
      name: 0,
      cpfCnpj: 1,
      phone: 2,
      email: 3,
      plate: 4,
      uf: 5,
      renavam: 6,
    });
    expect(map.missing).toEqual([]);
    expect(map.ignored).toEqual(["Observações"]);
  });

  it("reports missing required columns and a field named twice", () => {
    const map = mapColumns(["nome", "cpf", "cnpj", "placa"]);
    expect(map.missing).toEqual(["uf", "renavam"]);
    expect(map.duplicated).toEqual(["cpfCnpj"]);
    expect(mapColumns(["nome", "cpf", "placa", "uf", "renavam"]).missing).toEqual([]); // phone and e-mail are optional
  });
});

describe("checking rows with the forms' rules", () => {
  it("normalizes good rows to wire form (digits, uppercase plate, 11-digit RENAVAM)", () => {
    const r = check(
      `${HEADER.join(";")}\nAna  Souza;${CPF_A.slice(0, 3)}.${CPF_A.slice(3, 6)}.${CPF_A.slice(6, 9)}-${CPF_A.slice(9)};(11) 98765-4321;ana@exemplo.com;abc-1234;sp;${REN_A}`,
    );
    expect(r.rejections).toEqual([]);
    expect(r.rows[0]).toEqual({
      line: 2,
      client: { name: "Ana Souza", cpfCnpj: CPF_A, phone: "11987654321", email: "ana@exemplo.com" },
      vehicle: { plate: "ABC1234", uf: "SP", renavam: REN_A },
    });
  });

  it("rejects each bad row with its line, the column as the file names it, and a pt-BR reason", () => {
    const text = [
      "Nome;CPF;Placa;UF;RENAVAM",
      `Ana Souza;${CPF_A};ABC1D23;SP;${REN_A}`,
      `Bia Lima;${CPF_B.slice(0, 10)}${(Number(CPF_B[10]) + 1) % 10};ABC1D24;SP;${REN_B}`,
      `Caio Reis;${CPF_B};AB12345;SP;${REN_B}`,
      `Dora;${CPF_B};ABC1D25;ZZ;123`,
      `Eva Nunes;${CPF_B};abc1d23;SP;${REN_B}`,
    ].join("\n");
    const r = check(text);
    expect(r.rows.map((x) => x.line)).toEqual([2]);
    expect(r.rejections).toEqual([
      { line: 3, problems: [{ column: "CPF", reason: "CPF inválido. Confira os números." }] },
      {
        line: 4,
        problems: [
          { column: "Placa", reason: "Placa inválida. Use o formato ABC1234 ou ABC1D23." },
        ],
      },
      {
        line: 5,
        problems: [
          { column: "Nome", reason: "Informe nome e sobrenome." },
          { column: "UF", reason: "UF inválida. Escolha um dos 27 estados." },
          {
            column: "RENAVAM",
            reason: "RENAVAM inválido. Ele tem 11 números (os mais antigos, 9).",
          },
        ],
      },
      {
        line: 6,
        problems: [
          { column: "Placa", reason: "Placa repetida: já aparece na linha 2 deste arquivo." },
        ],
      },
    ]);
  });

  it("a row with more filled cells than the header is refused, never shifted", () => {
    const r = check(`nome;cpf;placa;uf;renavam\nAna Souza;${CPF_A};ABC1D23;SP;${REN_A};sobra`);
    expect(r.rejections).toEqual([
      {
        line: 2,
        problems: [{ column: "coluna 6", reason: expect.stringMatching(/mais colunas/) }],
      },
    ]);
  });

  it("one client with several vehicles: the first row's data is kept and a differing later value is reported", () => {
    const r = check(
      `nome;cpf;email;placa;uf;renavam\nAna Souza;${CPF_A};a@x.com;AAA1111;SP;${REN_A}\nAna Souza;${CPF_A};b@x.com;BBB2222;SP;${REN_B}`,
    );
    expect(r.rows.map((x) => [x.client.email, x.vehicle.plate])).toEqual([
      ["a@x.com", "AAA1111"],
      ["a@x.com", "BBB2222"],
    ]);
    expect(r.warnings).toEqual([
      {
        line: 3,
        column: "email",
        message: "Diferente da linha 2 para o mesmo CPF/CNPJ: mantido o valor da linha 2.",
      },
    ]);
  });

  it("counts every data row exactly once: accepted + rejected = rows read", () => {
    const lines = [HEADER.join(",")];
    for (let i = 0; i < 30; i++)
      lines.push(
        [
          "Ana Souza",
          i % 7 === 0 ? "123" : CPF_A,
          "",
          "",
          `AAA${String(1000 + i)}`,
          "SP",
          REN_A,
        ].join(","),
      );
    const table = readTable(lines.join("\n"));
    const r = validateRows(table, mapColumns(table.header));
    expect(r.rows.length + r.rejections.length).toBe(table.rows.length);
    expect(r.rejections.map((x) => x.line)).toEqual([2, 9, 16, 23, 30]);
  });
});
