// CPF (people, 11 digits) and CNPJ (companies, 14 digits), digits only on the wire.
// Note: the Receita Federal is introducing alphanumeric CNPJs; upstream documents digits only,
// so that is what we accept until upstream says otherwise.

export function onlyDigits(input: string): string {
  return input.replace(/\D/g, "");
}

// Every-digit-the-same numbers (000.000.000-00, 111...) pass the arithmetic but are never issued.
const REPEATED = /^(\d)\1*$/;

function checkDigit(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * weights[i]!;
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const CPF_W1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_W2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** Digits only: a formatted `123.456.789-09` is the caller's to strip (see onlyDigits). */
export function isValidCpf(cpf: string): boolean {
  if (!/^\d{11}$/.test(cpf) || REPEATED.test(cpf)) return false;
  return checkDigit(cpf, CPF_W1) === Number(cpf[9]) && checkDigit(cpf, CPF_W2) === Number(cpf[10]);
}

export function isValidCnpj(cnpj: string): boolean {
  if (!/^\d{14}$/.test(cnpj) || REPEATED.test(cnpj)) return false;
  return (
    checkDigit(cnpj, CNPJ_W1) === Number(cnpj[12]) && checkDigit(cnpj, CNPJ_W2) === Number(cnpj[13])
  );
}

export function isValidCpfCnpj(value: string): boolean {
  return value.length === 11 ? isValidCpf(value) : isValidCnpj(value);
}

/** `000.000.000-00` or `00.000.000/0000-00`; anything that is neither length comes back as is. */
export function formatCpfCnpj(value: string): string {
  const d = onlyDigits(value);
  if (d.length === 11) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
  if (d.length === 14) {
    return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
  }
  return value;
}

/**
 * Progressive mask while typing: CPF layout up to 11 digits, CNPJ layout from the 12th on.
 * Extra digits beyond 14 are dropped so pasting a longer string cannot overflow the field.
 */
export function maskCpfCnpjInput(raw: string): string {
  const d = onlyDigits(raw).slice(0, 14);
  if (d.length <= 11) {
    return joinGroups(d, [3, 3, 3, 2], [".", ".", "-"]);
  }
  return joinGroups(d, [2, 3, 3, 4, 2], [".", ".", "/", "-"]);
}

function joinGroups(
  digits: string,
  sizes: readonly number[],
  separators: readonly string[],
): string {
  let out = "";
  let pos = 0;
  for (let i = 0; i < sizes.length && pos < digits.length; i++) {
    if (i > 0) out += separators[i - 1];
    out += digits.slice(pos, pos + sizes[i]!);
    pos += sizes[i]!;
  }
  return out;
}

/**
 * For share links and the dispatcher's screens: `***.456.789-**`, the masking the Brazilian
 * government uses in its own publications, so that a leaked link does not give away the CPF.
 * Null when the value is not 11 digits.
 */
export function maskCpfForSharing(cpf: string): string | null {
  const d = onlyDigits(cpf);
  if (d.length !== 11) return null;
  return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`;
}

/**
 * CPF masked as above; a CNPJ is a public company registry number (not personal data), so it
 * is shown in full. Anything else is fully hidden rather than echoed.
 */
export function maskCpfCnpjForSharing(value: string): string {
  const d = onlyDigits(value);
  if (d.length === 14) return formatCpfCnpj(d);
  return maskCpfForSharing(d) ?? "***";
}

/**
 * For e-mail: a CPF as for sharing, and a CNPJ masked too (only the branch digits show), since a
 * mailbox is read by more people than the payer. Anything else is fully hidden.
 */
export function maskCpfCnpjForMail(value: string): string {
  const d = onlyDigits(value);
  if (d.length === 14) return `${d.slice(0, 2)}.***.***/${d.slice(8, 12)}-**`;
  return maskCpfForSharing(d) ?? "***";
}

/** `joao@gmail.com` -> `jo***@gmail.com`: enough for the owner to recognise it, no more. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  const local = email.slice(0, at);
  const visible = local.length <= 2 ? local.slice(0, 1) : local.slice(0, 2);
  return `${visible}***${email.slice(at)}`;
}

/** Strips a leading +55 country code so both `5511987654321` and `11987654321` work. */
function nationalPhoneDigits(phone: string): string {
  const d = onlyDigits(phone);
  return (d.length === 12 || d.length === 13) && d.startsWith("55") ? d.slice(2) : d;
}

/** `(11) *****-4321` for mobiles, `(11) ****-4321` for landlines; `***` otherwise. */
export function maskPhone(phone: string): string {
  const d = nationalPhoneDigits(phone);
  if (d.length !== 10 && d.length !== 11) return "***";
  return `(${d.slice(0, 2)}) ${"*".repeat(d.length - 6)}-${d.slice(-4)}`;
}

/** `(11) 98765-4321` / `(11) 3456-7890`; anything else comes back as is. */
export function formatPhone(phone: string): string {
  const d = nationalPhoneDigits(phone);
  if (d.length !== 10 && d.length !== 11) return phone;
  return `(${d.slice(0, 2)}) ${d.slice(2, -4)}-${d.slice(-4)}`;
}

/** Progressive phone mask while typing: `(11`, `(11) 9876`, `(11) 98765-4321`. */
export function maskPhoneInput(raw: string): string {
  const d = onlyDigits(raw).slice(0, 11);
  if (d.length === 0) return "";
  if (d.length <= 2) return `(${d}`;
  const rest = d.slice(2);
  // Landline split (4-4) until the 11th digit shows it is a mobile (5-4).
  const head = d.length === 11 ? 5 : 4;
  return rest.length <= head
    ? `(${d.slice(0, 2)}) ${rest}`
    : `(${d.slice(0, 2)}) ${rest.slice(0, head)}-${rest.slice(head)}`;
}
