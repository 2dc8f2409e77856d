/**
 * Which SIRENE file a CSV is, from its header (INSEE's column names; comma or semicolon):
 * - `by-iris`: one establishment per row placed by its IRIS only (`CODE_IRIS`, `APET700`,
 *   `TEFET`), as in studies derived from the old (pre-2019) SIRENE stock;
 * - `stock`: INSEE's official StockEtablissement (`siret`, `activitePrincipaleEtablissement`,
 *   `trancheEffectifsEtablissement`, …), possibly with its own coordinates (Lambert
 *   `coordonneeLambertAbscisseEtablissement`/`…Ordonnee…`, or `longitude`/`latitude` in the
 *   geocoded copies published on data.gouv.fr);
 * - `geolocation`: INSEE's GeolocalisationEtablissement file (`siret`, `x`, `y`, `epsg`, and
 *   `x_longitude`/`y_latitude`, `plg_iris`), joined to the stock by SIRET.
 */
import { closeSync, openSync, readSync } from 'node:fs';

export type SireneFileKind = 'by-iris' | 'stock' | 'geolocation';

const HEADER_BYTES = 64 * 1024;

/** The column names of the file's first line (a byte-order mark and quotes removed). */
export function readCsvHeader(file: string): string[] {
  const descriptor = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(HEADER_BYTES);
    const length = readSync(descriptor, buffer, 0, HEADER_BYTES, 0);
    const firstLine = buffer.subarray(0, length).toString('utf8').replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
    const delimiter = [';', ',', '\t', '|'].reduce((best, candidate) => (firstLine.split(candidate).length > firstLine.split(best).length ? candidate : best));
    return firstLine.split(delimiter).map((column) => column.trim().replace(/^"|"$/g, ''));
  } finally {
    closeSync(descriptor);
  }
}

export function sireneFileKind(columns: readonly string[]): SireneFileKind | undefined {
  const has = (...names: string[]) => names.every((name) => columns.includes(name));
  if (has('CODE_IRIS', 'APET700')) return 'by-iris';
  if (has('siret', 'activitePrincipaleEtablissement')) return 'stock';
  if (has('siret') && (has('x', 'y') || has('x_longitude', 'y_latitude'))) return 'geolocation';
  return undefined;
}
