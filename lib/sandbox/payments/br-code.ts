// PIX "copia e cola" payload: a BR Code, i.e. an EMV QRCPS merchant-presented payload in the
// Banco Central layout. Pure functions; parseBrCode exists so tests (and partners) can check
// the codes the sandbox emits.

/** CRC16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final xor. */
export function crc16CcittFalse(input: string): number {
  let crc = 0xffff;
  for (const byte of Buffer.from(input, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

function crcHex(payloadWithCrcTag: string): string {
  return crc16CcittFalse(payloadWithCrcTag).toString(16).toUpperCase().padStart(4, "0");
}

/** One EMV TLV field: 2-digit id, 2-digit length, value. */
function tlv(id: string, value: string): string {
  if (value.length > 99) throw new Error(`EMV field ${id} longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** Upper-case ASCII letters, digits and spaces only, cut to the EMV maximum length. */
function emvText(value: string, max: number): string {
  const ascii = value
    .normalize("NFD")
    .replace(/[^\x20-\x7e]/g, "")
    .toUpperCase();
  return ascii.slice(0, max);
}

export type BrCodeInput = {
  /** PIX key of the receiver (the sandbox uses a fixed random-type key). */
  pixKey: string;
  amountCents: number;
  merchantName: string;
  merchantCity: string;
  /** Transaction id, 1-25 alphanumerics (Banco Central rule for field 62-05). */
  txid: string;
};

export function buildBrCode(input: BrCodeInput): string {
  if (!/^[A-Za-z0-9]{1,25}$/.test(input.txid)) throw new Error("txid must be 1-25 alphanumerics");
  const merchantAccount = tlv("00", "br.gov.bcb.pix") + tlv("01", input.pixKey);
  const payload =
    tlv("00", "01") + // payload format indicator
    tlv("01", "12") + // point of initiation: 12 = the code is for one payment only
    tlv("26", merchantAccount) +
    tlv("52", "0000") + // merchant category code: not informed
    tlv("53", "986") + // currency: BRL
    tlv("54", (input.amountCents / 100).toFixed(2)) +
    tlv("58", "BR") +
    tlv("59", emvText(input.merchantName, 25)) +
    tlv("60", emvText(input.merchantCity, 15)) +
    tlv("62", tlv("05", input.txid)) +
    "6304";
  return payload + crcHex(payload);
}

export type ParsedBrCode = {
  /** Top-level fields by id (nested templates kept as raw strings). */
  fields: Map<string, string>;
  /** Sub-fields of the templates 26 (merchant account) and 62 (additional data). */
  merchantAccount: Map<string, string>;
  additionalData: Map<string, string>;
  crcValid: boolean;
};

export function parseTlv(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  while (i < text.length) {
    const id = text.slice(i, i + 2);
    const len = Number(text.slice(i + 2, i + 4));
    if (id.length < 2 || !Number.isInteger(len) || i + 4 + len > text.length) {
      throw new Error(`malformed EMV field at offset ${i}`);
    }
    out.set(id, text.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return out;
}

export function parseBrCode(code: string): ParsedBrCode {
  const fields = parseTlv(code);
  const crc = fields.get("63");
  const crcValid =
    crc !== undefined && code.endsWith(`6304${crc}`) && crcHex(code.slice(0, -4)) === crc;
  return {
    fields,
    merchantAccount: parseTlv(fields.get("26") ?? ""),
    additionalData: parseTlv(fields.get("62") ?? ""),
    crcValid,
  };
}
