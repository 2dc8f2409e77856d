/**
 * Uploaded tables read as a user expects: the real customer samples (CSV and the same rows as
 * XLSX), a semicolon CSV saved in Latin-1, empty and repeated headers, quoted cells with line
 * breaks, and files that are no table at all whatever their name says.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { readUploadedTable, UnreadableTable } from './table-file.js';

const CUSTOMERS = path.resolve(import.meta.dirname, '../../../../../test-data/customers');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'table-file-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const columnN = (position: number) => `Column ${position}`;
let files = 0;
const scratchFile = (content: string | Buffer, name = `file-${++files}.csv`) => {
  const file = path.join(scratch, name);
  fs.writeFileSync(file, content);
  return file;
};

/** Reads a file as the upload does, and returns its summary and rows as written for the preview, evened out to the columns. */
async function read(source: string) {
  const target = path.join(scratch, `rows-${++files}.jsonl`);
  const summary = await readUploadedTable(source, target, columnN);
  const text = fs.readFileSync(target, 'utf8');
  const rows = text ? text.trimEnd().split('\n').map((line) => JSON.parse(line) as string[]) : [];
  return { summary, rows: rows.map((row) => summary.columns.map((_, i) => row[i] ?? '')) };
}

describe('reading an uploaded table', () => {
  it('reads the London cycle hire stations from CSV and from XLSX alike', async () => {
    const csv = await read(path.join(CUSTOMERS, 'london-cycle-hire-stations.csv'));
    expect(csv.summary).toEqual({
      format: 'csv', encoding: 'utf-8', delimiter: ',', columns: ['id', 'name', 'area', 'nbikes', 'nempty', 'lon', 'lat'], renamed: [], rowCount: 742,
    });
    expect(csv.rows[0]).toEqual(['1', 'River Street', 'Clerkenwell', '4', '14', '-0.109970527', '51.52916347']);

    const xlsx = await read(path.join(CUSTOMERS, 'london-cycle-hire-stations.xlsx'));
    expect(xlsx.summary).toMatchObject({ format: 'xlsx', encoding: null, delimiter: null, columns: csv.summary.columns, rowCount: 742 });
    // The same cells: numbers keep the digits they were stored with (the coordinates compare as numbers).
    const asValues = (rows: string[][]) => rows.map((row) => row.map((cell) => (cell !== '' && Number.isFinite(Number(cell)) ? Number(cell) : cell)));
    expect(asValues(xlsx.rows)).toEqual(asValues(csv.rows));
  });

  it('reads the Bindlach addresses with their umlauts from both files', async () => {
    const csv = await read(path.join(CUSTOMERS, 'addresses-bindlach-heinersreuth-osm.csv'));
    const xlsx = await read(path.join(CUSTOMERS, 'addresses-bindlach-heinersreuth-osm.xlsx'));
    expect(csv.summary.rowCount).toBe(797);
    expect(xlsx.summary.rowCount).toBe(797);
    expect(csv.rows[0]!.slice(0, 3)).toEqual(['w198019260', 'blumenladen am ängerlein', 'Am Ängerlein']);
    expect(xlsx.rows.map((row) => row[2])).toEqual(csv.rows.map((row) => row[2]));
  });

  it('reads a semicolon CSV saved in Latin-1, quoted cells and all', async () => {
    const text = 'nom;rue;ville;chiffre\n"Boulangerie ""Chez Léa""";12 rue de l\'Église;Sélestat;1 250,5\n"Café des\nArts";3 place Kléber;Strasbourg;980\n\n';
    const { summary, rows } = await read(scratchFile(Buffer.from(text, 'latin1')));
    expect(summary).toMatchObject({ encoding: 'windows-1252', delimiter: ';', columns: ['nom', 'rue', 'ville', 'chiffre'], rowCount: 2 });
    expect(rows).toEqual([
      ['Boulangerie "Chez Léa"', "12 rue de l'Église", 'Sélestat', '1 250,5'],
      ['Café des\nArts', '3 place Kléber', 'Strasbourg', '980'],
    ]);
  });

  it('takes UTF-8 with a byte-order mark and tab-separated files', async () => {
    const { summary, rows } = await read(scratchFile(`\uFEFFid\tname\n1\tMünchen\n`));
    expect(summary).toMatchObject({ encoding: 'utf-8', delimiter: '\t', columns: ['id', 'name'] });
    expect(rows).toEqual([['1', 'München']]);
  });

  it('names empty and repeated headers, and the cells rows have beyond the header', async () => {
    const { summary, rows } = await read(scratchFile('id,,name,name\n1,a,b,c,extra,,\n2\n'));
    expect(summary.columns).toEqual(['id', 'Column 2', 'name', 'name (4)', 'Column 5']);
    expect(summary.renamed).toEqual([
      { position: 2, original: '', name: 'Column 2' }, { position: 4, original: 'name', name: 'name (4)' }, { position: 5, original: '', name: 'Column 5' },
    ]);
    expect(rows).toEqual([['1', 'a', 'b', 'c', 'extra'], ['2', '', '', '', '']]);
  });

  it('reads the first sheet of a workbook with dates, formulas and rich text as their text', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('customers');
    sheet.addRow(['name', 'since', 'total', '']);
    sheet.addRow([{ richText: [{ text: 'Bäckerei ' }, { text: 'Müller', font: { bold: true } }] }, new Date(Date.UTC(2024, 2, 5)), { formula: '1+2', result: 3 }, 'x']);
    workbook.addWorksheet('notes').addRow(['not', 'read']);
    const file = path.join(scratch, 'workbook.bin');
    await workbook.xlsx.writeFile(file);
    const { summary, rows } = await read(file);
    expect(summary).toMatchObject({ format: 'xlsx', columns: ['name', 'since', 'total', 'Column 4'], rowCount: 1 });
    expect(rows).toEqual([['Bäckerei Müller', '2024-03-05', '3', 'x']]);
  });

  it('refuses files that are no table, whatever their name, and empty ones', async () => {
    const png = scratchFile(Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'), 'customers.csv');
    await expect(readUploadedTable(png, path.join(scratch, 'x.jsonl'), columnN)).rejects.toEqual(new UnreadableTable('notATable'));
    const zip = scratchFile(Buffer.from('504b0304140000000000', 'hex'), 'customers.xlsx');
    await expect(readUploadedTable(zip, path.join(scratch, 'y.jsonl'), columnN)).rejects.toEqual(new UnreadableTable('notATable'));
    await expect(readUploadedTable(scratchFile(''), path.join(scratch, 'z.jsonl'), columnN)).rejects.toEqual(new UnreadableTable('notATable'));
    await expect(readUploadedTable(scratchFile('\n\n'), path.join(scratch, 'w.jsonl'), columnN)).rejects.toEqual(new UnreadableTable('empty'));
  });
});
