/**
 * The character encoding of an uploaded CSV: UTF-16 by its byte-order mark; UTF-8 when the whole
 * file is valid UTF-8 (a file of plain ASCII is too); otherwise Windows-1252, the Latin-1 that
 * spreadsheets in Western Europe save CSV files in (é, ß, € …). Checking the whole file, not a
 * sample: one accented name in the last row of an otherwise ASCII file is enough to decide.
 */
import fs from 'node:fs';
import { utf16ByteOrder } from './table-format.js';

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export async function detectTextEncoding(file: string): Promise<TextEncoding> {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let first = true;
  try {
    for await (const chunk of fs.createReadStream(file)) {
      const bytes = chunk as Buffer;
      if (first) {
        const byteOrder = utf16ByteOrder(bytes);
        if (byteOrder) return byteOrder;
        first = false;
      }
      utf8.decode(bytes, { stream: true });
    }
    utf8.decode();
    return 'utf-8';
  } catch (error) {
    if (error instanceof TypeError) return 'windows-1252';
    throw error;
  }
}

/** The file's text in `encoding`, chunk by chunk, without its byte-order mark. */
export async function* decodedText(file: string, encoding: TextEncoding): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of fs.createReadStream(file)) {
    const text = decoder.decode(chunk as Buffer, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}
