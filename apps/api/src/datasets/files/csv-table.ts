/**
 * The rows of an uploaded CSV as arrays of cells (papaparse, streaming): the delimiter guessed once
 * from the first rows (comma, semicolon, tab or pipe), then the whole file parsed with it, quotes
 * and line breaks inside quotes as RFC 4180 has them. Empty lines are skipped.
 */
import { Readable } from 'node:stream';
import Papa from 'papaparse';
import { decodedText, type TextEncoding } from './text-encoding.js';

export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/**
 * The delimiter of the first rows of a CSV: the one that splits the header into more than one
 * column and the most rows into as many columns as the header; a comma when none does.
 * (papaparse's own guess counts blank lines against a delimiter and misses tab-separated files.)
 */
export function guessDelimiter(sample: string): CsvDelimiter {
  let best: { delimiter: CsvDelimiter; rows: number; columns: number } = { delimiter: ',', rows: 0, columns: 1 };
  for (const delimiter of CSV_DELIMITERS) {
    const { data } = Papa.parse<string[]>(sample, { delimiter, preview: 50, skipEmptyLines: 'greedy' });
    const columns = data[0]?.length ?? 0;
    if (columns < 2) continue;
    const rows = data.filter((row) => row.length === columns).length;
    if (rows > best.rows || (rows === best.rows && columns > best.columns)) best = { delimiter, rows, columns };
  }
  return best.delimiter;
}

/** The first `bytes` of the file's text, cut at a line end when there is one. */
export async function textSample(file: string, encoding: TextEncoding, bytes = 64 * 1024): Promise<string> {
  let sample = '';
  for await (const text of decodedText(file, encoding)) {
    sample += text;
    if (sample.length >= bytes) break;
  }
  const lastLine = sample.lastIndexOf('\n');
  return lastLine > 0 && sample.length >= bytes ? sample.slice(0, lastLine) : sample;
}

export async function* readCsvRows(file: string, encoding: TextEncoding, delimiter: CsvDelimiter): AsyncGenerator<string[]> {
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter, skipEmptyLines: 'greedy' }) as NodeJS.ReadWriteStream;
  // The parser is an object stream of rows once text is written to it.
  const rows = Readable.from(decodedText(file, encoding)).pipe(parser) as unknown as AsyncIterable<string[]>;
  yield* rows;
}
