import type { Uf } from "../validators";

// The deterministic test catalog. Every outcome the spec names is reachable from one of these
// vehicles; tests across the project import SANDBOX_VEHICLES instead of copying literals.

/** The spec's Vehicle resource, exactly as enrichment returns it inside `data`. */
export type VehicleData = {
  placa: string;
  renavam: string;
  chassi: string;
  uf: Uf;
  municipio: string;
  marca: string;
  modelo: string;
  anoFabricacao: string;
  anoModelo: string;
  cor: string;
  combustivel: string;
  categoria: string;
  especie: string;
  tipo: string;
  carroceria: string;
  potencia: string;
  cilindradas: string;
  capacidadePassageiros: number;
  procedencia: "NACIONAL" | "IMPORTADO";
  situacao: string;
  dataRegistro: string;
  restricoes: string[];
};

export type LookupErrorCode = "900" | "901" | "902" | "903";

/** What POST /uvvi/v1/debts produces for the vehicle (when state, renavam and cpfCnpj match). */
export type LookupOutcome =
  | { kind: "debts" }
  | { kind: "VehicleWithoutDebts" }
  | { kind: "VehicleNotFound" }
  | { kind: "search-error-event"; errorCode: LookupErrorCode }
  /** Acknowledged, but no webhook is ever sent. */
  | { kind: "never" }
  /** Answers the synchronous variant {success, transactionId, debts, totalAmount}; no webhook. */
  | { kind: "sync" }
  /** Debts (or an authority error) that change with the sandbox clock: catalog/timeline.ts. */
  | { kind: "timeline" };

export type CatalogVehicle = {
  plate: string;
  uf: Uf;
  renavam: string;
  /** Owner document, digits only: CPF (11) or CNPJ (14). Never returned by enrichment. */
  cpfCnpj: string;
  ownerType: "cpf" | "cnpj";
  /** Enrichment answers 200 with `data`, or 503 SERVICE_UNAVAILABLE (authority down). */
  enrichment: "ok" | "unavailable";
  lookup: LookupOutcome;
  /** Human description of the outcome (README table). */
  outcome: string;
  data: VehicleData;
};

type Spec = Omit<CatalogVehicle, "data" | "plate" | "uf" | "renavam"> & {
  data: Omit<VehicleData, "restricoes"> & { restricoes?: string[] };
};

function vehicle(s: Spec): CatalogVehicle {
  const d = s.data;
  // Spelled out so the JSON keeps the spec's field order.
  const data: VehicleData = {
    placa: d.placa,
    renavam: d.renavam,
    chassi: d.chassi,
    uf: d.uf,
    municipio: d.municipio,
    marca: d.marca,
    modelo: d.modelo,
    anoFabricacao: d.anoFabricacao,
    anoModelo: d.anoModelo,
    cor: d.cor,
    combustivel: d.combustivel,
    categoria: d.categoria,
    especie: d.especie,
    tipo: d.tipo,
    carroceria: d.carroceria,
    potencia: d.potencia,
    cilindradas: d.cilindradas,
    capacidadePassageiros: d.capacidadePassageiros,
    procedencia: d.procedencia,
    situacao: d.situacao,
    dataRegistro: d.dataRegistro,
    restricoes: d.restricoes ?? [],
  };
  return { ...s, plate: data.placa, uf: data.uf, renavam: data.renavam, data };
}

const car = {
  categoria: "PARTICULAR",
  especie: "PASSAGEIRO",
  tipo: "AUTOMOVEL",
  procedencia: "NACIONAL",
  situacao: "CIRCULACAO",
  capacidadePassageiros: 5,
  combustivel: "FLEX",
} as const;

export const SANDBOX_VEHICLES = {
  withDebts: vehicle({
    cpfCnpj: "52998224725",
    ownerType: "cpf",
    enrichment: "ok",
    lookup: { kind: "debts" },
    outcome:
      "debts: fines (discount, expired), IPVA current year cota unica vs 3 parcelas, previous-year IPVA expired, licensing, service fee",
    data: {
      ...car,
      placa: "MGD1E23",
      renavam: "01234567803",
      chassi: "9BWAB45U0LT012345",
      uf: "MG",
      municipio: "BELO HORIZONTE",
      marca: "VOLKSWAGEN",
      modelo: "GOL 1.0 MPI",
      anoFabricacao: "2019",
      anoModelo: "2020",
      cor: "PRATA",
      carroceria: "HATCH",
      potencia: "84",
      cilindradas: "999",
      dataRegistro: "2019-11-04",
    },
  }),
  spWithDebts: vehicle({
    cpfCnpj: "11144477735",
    ownerType: "cpf",
    enrichment: "ok",
    lookup: { kind: "debts" },
    outcome:
      "debts (fine, IPVA cota unica vs parcelas, licensing); search-error-event 903 from 00:00 to 06:59 America/Sao_Paulo",
    data: {
      ...car,
      placa: "SPD4321",
      renavam: "00987654322",
      chassi: "9BGKS48U0MG123456",
      uf: "SP",
      municipio: "SAO PAULO",
      marca: "CHEVROLET",
      modelo: "ONIX 1.0 TURBO LT",
      anoFabricacao: "2021",
      anoModelo: "2021",
      cor: "BRANCA",
      carroceria: "HATCH",
      potencia: "116",
      cilindradas: "999",
      dataRegistro: "2021-03-18",
      restricoes: ["ALIENACAO FIDUCIARIA"],
    },
  }),
  cotaUnicaOnly: vehicle({
    cpfCnpj: "39053344705",
    ownerType: "cpf",
    enrichment: "ok",
    lookup: { kind: "debts" },
    outcome: "debts: GO returns only IPVA cota unica (no parcelas), previous-year IPVA, licensing",
    data: {
      ...car,
      placa: "GOC2B34",
      renavam: "00456123784",
      chassi: "9BD358A1NKY123456",
      uf: "GO",
      municipio: "GOIANIA",
      marca: "FIAT",
      modelo: "ARGO DRIVE 1.3",
      anoFabricacao: "2022",
      anoModelo: "2023",
      cor: "VERMELHA",
      carroceria: "HATCH",
      potencia: "107",
      cilindradas: "1332",
      dataRegistro: "2022-08-09",
    },
  }),
  noDebts: vehicle({
    cpfCnpj: "12345678909",
    ownerType: "cpf",
    enrichment: "ok",
    lookup: { kind: "VehicleWithoutDebts" },
    outcome: "VehicleWithoutDebts",
    data: {
      ...car,
      placa: "NOD1234",
      renavam: "01112223336",
      chassi: "9BHBG51CAPP123456",
      uf: "PR",
      municipio: "CURITIBA",
      marca: "HYUNDAI",
      modelo: "HB20 1.0 SENSE",
      anoFabricacao: "2023",
      anoModelo: "2023",
      cor: "AZUL",
      carroceria: "HATCH",
      potencia: "80",
      cilindradas: "998",
      dataRegistro: "2023-01-26",
    },
  }),
  notFoundInLookup: vehicle({
    cpfCnpj: "98765432100",
    ownerType: "cpf",
    enrichment: "ok",
    lookup: { kind: "VehicleNotFound" },
    outcome: "enrichment 200, debt lookup VehicleNotFound",
    data: {
      ...car,
      placa: "NFL5C67",
      renavam: "00777888998",
      chassi: "9BRBL3HE0K0123456",
      uf: "BA",
      municipio: "SALVADOR",
      marca: "TOYOTA",
      modelo: "COROLLA XEI 2.0",
      anoFabricacao: "2018",
      anoModelo: "2019",
      cor: "PRETA",
      carroceria: "SEDAN",
      potencia: "177",
      cilindradas: "1987",
      dataRegistro: "2018-12-03",
    },
  }),
  authority900: vehicle({
    cpfCnpj: "24681357928",
    ownerType: "cpf",
    enrichment: "ok",
    lookup: { kind: "search-error-event", errorCode: "900" },
    outcome: "search-error-event 900 (service unavailable)",
    data: {
      ...car,
      placa: "ERA9000",
      renavam: "00333444558",
      chassi: "93YRBB000HJ123456",
      uf: "RJ",
      municipio: "RIO DE JANEIRO",
      marca: "RENAULT",
      modelo: "KWID ZEN 1.0",
      anoFabricacao: "2017",
      anoModelo: "2018",
      cor: "BRANCA",
      carroceria: "HATCH",
      potencia: "70",
      cilindradas: "999",
      dataRegistro: "2017-10-20",
    },
  }),
  authority901: vehicle({
    cpfCnpj: "13579246828",
    ownerType: "cpf",
    enrichment: "ok",
    lookup: { kind: "search-error-event", errorCode: "901" },
    outcome: "search-error-event 901 (timeout querying the authority)",
    data: {
      ...car,
      placa: "ERB9A01",
      renavam: "00555666778",
      chassi: "9C2KC2200MR123456",
      uf: "SC",
      municipio: "FLORIANOPOLIS",
      marca: "HONDA",
      modelo: "CG 160 FAN",
      anoFabricacao: "2021",
      anoModelo: "2021",
      cor: "VERMELHA",
      tipo: "MOTOCICLETA",
      carroceria: "NAO APLICAVEL",
      potencia: "15",
      cilindradas: "162",
      capacidadePassageiros: 2,
      dataRegistro: "2021-06-14",
    },
  }),
  authority902: vehicle({
    cpfCnpj: "11223344517",
    ownerType: "cpf",
    enrichment: "ok",
    lookup: { kind: "search-error-event", errorCode: "902" },
    outcome: "search-error-event 902 (inconsistent data from the authority)",
    data: {
      ...car,
      placa: "ERC9020",
      renavam: "00666777888",
      chassi: "9BFZB55P0E8123456",
      uf: "PE",
      municipio: "RECIFE",
      marca: "FORD",
      modelo: "KA SE 1.0",
      anoFabricacao: "2014",
      anoModelo: "2014",
      cor: "CINZA",
      carroceria: "HATCH",
      potencia: "80",
      cilindradas: "999",
      dataRegistro: "2014-04-02",
    },
  }),
  authority903: vehicle({
    cpfCnpj: "99887766593",
    ownerType: "cpf",
    enrichment: "ok",
    lookup: { kind: "search-error-event", errorCode: "903" },
    outcome: "search-error-event 903 (authority maintenance) at any hour",
    data: {
      ...car,
      placa: "ERD9B03",
      renavam: "00888999003",
      chassi: "988611195NK123456",
      uf: "CE",
      municipio: "FORTALEZA",
      marca: "JEEP",
      modelo: "COMPASS LONGITUDE T270",
      anoFabricacao: "2022",
      anoModelo: "2022",
      cor: "CINZA",
      carroceria: "SUV",
      potencia: "185",
      cilindradas: "1332",
      dataRegistro: "2022-02-11",
    },
  }),
  enrichmentDown: vehicle({
    cpfCnpj: "31415926590",
    ownerType: "cpf",
    enrichment: "unavailable",
    lookup: { kind: "search-error-event", errorCode: "900" },
    outcome: "enrichment 503 SERVICE_UNAVAILABLE; debt lookup search-error-event 900",
    data: {
      ...car,
      placa: "DWN5E03",
      renavam: "00222333448",
      chassi: "9BWDB45U0JT123456",
      uf: "AM",
      municipio: "MANAUS",
      marca: "VOLKSWAGEN",
      modelo: "POLO 200 TSI",
      anoFabricacao: "2020",
      anoModelo: "2020",
      cor: "PRATA",
      carroceria: "HATCH",
      potencia: "128",
      cilindradas: "999",
      dataRegistro: "2020-07-30",
    },
  }),
  lookupNeverAnswers: vehicle({
    cpfCnpj: "27182818205",
    ownerType: "cpf",
    enrichment: "ok",
    lookup: { kind: "never" },
    outcome: "acknowledged, but no webhook is ever sent (client shows 'taking longer')",
    data: {
      ...car,
      placa: "SLW4040",
      renavam: "00999888773",
      chassi: "9BD195A4ZJ0123456",
      uf: "DF",
      municipio: "BRASILIA",
      marca: "FIAT",
      modelo: "MOBI LIKE 1.0",
      anoFabricacao: "2018",
      anoModelo: "2018",
      cor: "BRANCA",
      carroceria: "HATCH",
      potencia: "75",
      cilindradas: "999",
      dataRegistro: "2018-05-22",
    },
  }),
  syncAnswer: vehicle({
    cpfCnpj: "16180339805",
    ownerType: "cpf",
    enrichment: "ok",
    lookup: { kind: "sync" },
    outcome:
      "synchronous variant {success, transactionId, debts, totalAmount} instead of the acknowledgment; no webhook",
    data: {
      ...car,
      placa: "SYN1C00",
      renavam: "00123123127",
      chassi: "9BGEA48A0NG123456",
      uf: "RJ",
      municipio: "NITEROI",
      marca: "CHEVROLET",
      modelo: "TRACKER 1.0 TURBO",
      anoFabricacao: "2022",
      anoModelo: "2022",
      cor: "AZUL",
      carroceria: "SUV",
      potencia: "116",
      cilindradas: "999",
      dataRegistro: "2022-09-01",
    },
  }),
  cnpjOwner: vehicle({
    cpfCnpj: "11222333000181",
    ownerType: "cnpj",
    enrichment: "ok",
    lookup: { kind: "debts" },
    outcome: "debts for a company-owned truck (fine, IPVA, licensing)",
    data: {
      ...car,
      placa: "CNP3J45",
      renavam: "00321321324",
      chassi: "9BWA52C0XPR123456",
      uf: "PR",
      municipio: "LONDRINA",
      marca: "VOLKSWAGEN",
      modelo: "DELIVERY 11.180",
      anoFabricacao: "2023",
      anoModelo: "2023",
      cor: "BRANCA",
      combustivel: "DIESEL",
      categoria: "ALUGUEL",
      especie: "CARGA",
      tipo: "CAMINHAO",
      carroceria: "BAU",
      potencia: "175",
      cilindradas: "3800",
      capacidadePassageiros: 3,
      dataRegistro: "2023-04-17",
    },
  }),
  radarTimeline: vehicle({
    cpfCnpj: "14142135651",
    ownerType: "cpf",
    enrichment: "ok",
    lookup: { kind: "timeline" },
    outcome:
      "debts that change over an 8-day cycle (× time scale): a fine appears, an authority error, a discount ends, a parcela is paid elsewhere, interest is added",
    data: {
      ...car,
      placa: "RAD4R00",
      renavam: "02468135797",
      chassi: "9BWAA05U0PT123456",
      uf: "MG",
      municipio: "UBERLANDIA",
      marca: "VOLKSWAGEN",
      modelo: "T-CROSS 200 TSI",
      anoFabricacao: "2023",
      anoModelo: "2024",
      cor: "CINZA",
      carroceria: "SUV",
      potencia: "128",
      cilindradas: "999",
      dataRegistro: "2023-10-05",
    },
  }),
} satisfies Record<string, CatalogVehicle>;

export type ScenarioName = keyof typeof SANDBOX_VEHICLES;

/** A well-formed plate that no authority knows: enrichment 404, debt lookup VehicleNotFound. */
export const UNKNOWN_PLATE = "ZZZ9Z99";

export function scenarioOf(v: CatalogVehicle): ScenarioName | undefined {
  return (Object.keys(SANDBOX_VEHICLES) as ScenarioName[]).find((k) => SANDBOX_VEHICLES[k] === v);
}
