/**
 * An uploaded table made ready for its preview and import: its format told by content, its
 * encoding and delimiter detected (CSV), its header named (empty and repeated names, and columns
 * that only rows below the header fill), and its rows written once as JSON lines (one array of
 * cells per row; a row shorter than the columns is short of empty cells) so that the preview's
 * pages and the import read it again without parsing anything but JSON. Runs in a compute thread:
 * a 50 MB file is seconds of parsing.
 */
import fs from 'node:fs';
import { once } from 'node:events';
import { translate, type Locale } from '@catchment/domain';
import { nameColumns, type RenamedColumn } from './column-names.js';
import { guessDelimiter, readCsvRows, textSample, type CsvDelimiter } from './csv-table.js';
import { SNIFF_BYTES, sniffTableFormat, type TableFormat } from './table-format.js';
import { detectTextEncoding, type TextEncoding } from './text-encoding.js';
import { readXlsxRows } from './xlsx-table.js';

export interface TableSummary {
  format: TableFormat;
  /** CSV only. */
  encoding: TextEncoding | null;
  delimiter: CsvDelimiter | null;
  columns: string[];
  /** Headers that were empty or repeated, and the names they were given. */
  renamed: RenamedColumn[];
  /** Rows under the header. */
  rowCount: number;
}

/** Why a file cannot be read as a table: not a CSV or XLSX file, or nothing in it. */
export class UnreadableTable extends Error {
  constructor(readonly reason: 'notATable' | 'empty') {
    super(reason);
  }
}

export async function readUploadedTable(source: string, target: string, nameOf: (position: number) => string): Promise<TableSummary> {
  const format = sniffTableFormat(await fileHead(source));
  if (!format) throw new UnreadableTable('notATable');
  const encoding = format === 'csv' ? await detectTextEncoding(source) : null;
  const delimiter = encoding ? guessDelimiter(await textSample(source, encoding)) : null;
  const rows = encoding && delimiter ? readCsvRows(source, encoding, delimiter) : readXlsxRows(source);

  const out = fs.createWriteStream(target);
  let header: string[] | undefined;
  let width = 0;
  let rowCount = 0;
  try {
    for await (const row of rowsOf(rows, format)) {
      if (!header) {
        header = row;
        width = header.length;
        continue;
      }
      const cells = withoutTrailingEmptyCells(row);
      width = Math.max(width, cells.length);
      rowCount++;
      await write(out, cells);
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  if (!header) throw new UnreadableTable('empty');
  // Cells beyond the header are a column without a name: named as an empty header is.
  const { columns, renamed } = nameColumns([...header, ...Array<string>(width - header.length).fill('')], nameOf);
  return { format, encoding, delimiter, columns, renamed, rowCount };
}

function withoutTrailingEmptyCells(row: string[]): string[] {
  let end = row.length;
  while (end > 0 && row[end - 1] === '') end--;
  return end === row.length ? row : row.slice(0, end);
}

/** What the compute task answers: the table, or why the file is none (a thread's errors lose their class). */
export type ReadTableResult = { table: TableSummary } | { unreadable: UnreadableTable['reason'] };

/** The compute thread's task: readUploadedTable with the uploader's name for unnamed columns. */
export async function readTableTask(source: string, target: string, locale: Locale): Promise<ReadTableResult> {
  try {
    return { table: await readUploadedTable(source, target, columnNameIn(locale)) };
  } catch (error) {
    if (error instanceof UnreadableTable) return { unreadable: error.reason };
    throw error;
  }
}

/** The name a column with an empty header is given, in the uploader's language. */
export const columnNameIn = (locale: Locale) => (position: number) => translate(locale, 'dataFiles.columnN', { position });

/** The first bytes of a file, to tell what it is. */
async function fileHead(file: string): Promise<Uint8Array> {
  const handle = await fs.promises.open(file);
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A zip that is no workbook (or a broken one) is not a table: exceljs's failure says so. */
async function* rowsOf(rows: AsyncGenerator<string[]>, format: TableFormat): AsyncGenerator<string[]> {
  try {
    yield* rows;
  } catch (error) {
    if (format === 'xlsx') throw new UnreadableTable('notATable');
    throw error;
  }
}

async function write(out: fs.WriteStream, cells: string[]): Promise<void> {
  if (!out.write(`${JSON.stringify(cells)}\n`)) await once(out, 'drain');
}
