// A spreadsheet file's bytes -> text. Pure (browser and server). Excel pt-BR saves "CSV UTF-8"
// with a BOM but its plain "CSV" in Windows-1252: bytes that are not valid UTF-8 are read as
// Windows-1252 instead of turning "João" into "Jo�o".

export function decodeSpreadsheetBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}
