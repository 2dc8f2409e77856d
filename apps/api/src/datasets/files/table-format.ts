/**
 * What an uploaded file is, from its first bytes rather than its name (SPEC §5 import file rules):
 * an XLSX workbook is a zip archive; a CSV is text, possibly with a byte-order mark; anything else
 * (a picture, a PDF, a renamed executable) is neither.
 */
export type TableFormat = 'csv' | 'xlsx';

/** Enough of the file to tell: a zip's signature, a byte-order mark, and a sample of text. */
export const SNIFF_BYTES = 8192;

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

export function sniffTableFormat(head: Uint8Array): TableFormat | undefined {
  if (head.length === 0) return undefined;
  if (ZIP_SIGNATURE.every((byte, i) => head[i] === byte)) return 'xlsx';
  if (utf16ByteOrder(head)) return 'csv';
  // Text has no NUL and few control characters besides tab, line feed and carriage return.
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return undefined;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control++;
  }
  return control / head.length < 0.01 ? 'csv' : undefined;
}

/** The byte order a UTF-16 byte-order mark names (spreadsheets save "Unicode text" so). */
export function utf16ByteOrder(head: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return undefined;
}
