/**
 * SIRENE establishments as items of the `fr_institutions` catalogue, from the files the operator
 * passes (sirene-files.ts tells them apart by their header): each stock or by-IRIS file is one
 * dataset; geolocation files are read first and give their positions to the stock's rows.
 *
 * An establishment is placed by its position when the files give one, else by its IRIS (the
 * by-IRIS files: never an invented position), else left out. Only active establishments of the
 * stock are kept (`etatAdministratifEtablissement` = A).
 */
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { categoriesOfNaf, normalizeHeadcountBand, normalizeNaf, withCategoryAncestors } from '@catchment/domain';
import type { ImportProgress } from '../../importers/territory-importer.js';
import { readCsvRows } from '../../importers/readers/csv-reader.js';
import { countPoiItem, countSkipped, type PoiItem, type PoiReadSummary } from '../poi-item.js';
import { formatAddress } from '../postal-address.js';
import { GeolocationIndex } from './geolocation-index.js';
import { epsgOfCommune, projectedToLonLat } from './lambert-projections.js';
import { readCsvHeader, sireneFileKind, type SireneFileKind } from './sirene-files.js';

export const SIRENE_CATALOGUE = 'fr_institutions';

export interface SireneFile { file: string; kind: SireneFileKind }

/** The files by kind; throws, naming the file, for one that is no SIRENE file. */
export function classifySireneFiles(files: readonly string[]): SireneFile[] {
  return files.map((file) => {
    const columns = readCsvHeader(file);
    const kind = sireneFileKind(columns);
    if (!kind) {
      throw new Error(`${basename(file)} is not a SIRENE file: expected the columns CODE_IRIS, APET700, TEFET (establishments by IRIS), `
        + 'siret, activitePrincipaleEtablissement (INSEE\'s StockEtablissement) or siret, x, y, epsg (its geolocation file); '
        + `found ${columns.slice(0, 8).join(', ')}`);
    }
    return { file, kind };
  });
}

/** Reads geolocation files into one index, by SIRET. */
export async function readGeolocation(files: readonly string[], onProgress?: (progress: ImportProgress) => void): Promise<GeolocationIndex> {
  const index = new GeolocationIndex();
  for (const file of files) {
    const size = statSync(file).size;
    for await (const row of readCsvRows(file, (bytes) => onProgress?.({ phase: 'geolocation', fraction: size > 0 ? bytes / size : 1 }))) {
      const siret = row.siret?.trim();
      if (!siret || !/^\d{14}$/.test(siret)) continue;
      const position = geolocationPosition(row);
      if (position) index.add(siret, position[0], position[1], row.plg_iris?.trim() || null);
    }
  }
  return index;
}

function geolocationPosition(row: Record<string, string>): [number, number] | null {
  const lon = parseNumber(row.x_longitude);
  const lat = parseNumber(row.y_latitude);
  if (lon !== null && lat !== null) return [lon, lat];
  const x = parseNumber(row.x);
  const y = parseNumber(row.y);
  if (x === null || y === null) return null;
  return projectedToLonLat(x, y, row.epsg?.trim() || '2154');
}

export interface SireneReadOptions {
  geolocation?: GeolocationIndex;
  onProgress?: (progress: ImportProgress) => void;
}

/** The items of one stock or by-IRIS file; `summary` counts them as they go. */
export async function* readSireneItems(source: SireneFile, summary: PoiReadSummary, options: SireneReadOptions = {}): AsyncGenerator<PoiItem> {
  const size = statSync(source.file).size;
  const onBytes = (bytes: number) => options.onProgress?.({ phase: 'read', fraction: size > 0 ? bytes / size : 1 });
  let row = 0;
  for await (const record of readCsvRows(source.file, onBytes)) {
    row += 1;
    const item = source.kind === 'by-iris' ? byIrisItem(record, row, summary) : stockItem(record, summary, options.geolocation);
    if (!item) continue;
    countPoiItem(summary, item);
    yield item;
  }
}

const IRIS_CODE = /^(\d{2}|2A|2B)\d{7}$/;

/** A row of a by-IRIS file: no identifier (its row number stands for it), no name, no position. */
function byIrisItem(record: Record<string, string>, row: number, summary: PoiReadSummary): PoiItem | null {
  const iris = record.CODE_IRIS?.trim().toUpperCase() ?? '';
  if (!IRIS_CODE.test(iris)) {
    countSkipped(summary, 'no IRIS code');
    return null;
  }
  return establishment({
    ref: String(row),
    activity: record.APET700 ?? '',
    headcount: record.TEFET ?? '',
    position: null,
    iris,
  });
}

function stockItem(record: Record<string, string>, summary: PoiReadSummary, geolocation: GeolocationIndex | undefined): PoiItem | null {
  const state = record.etatAdministratifEtablissement?.trim();
  if (state !== undefined && state !== 'A') {
    countSkipped(summary, 'closed establishment');
    return null;
  }
  const siret = record.siret?.trim() ?? '';
  if (!/^\d{14}$/.test(siret)) {
    countSkipped(summary, 'no SIRET');
    return null;
  }
  const located = geolocation?.get(siret);
  const position = ownPosition(record) ?? located?.position ?? null;
  const iris = located?.iris ?? null;
  if (!position && !iris) {
    countSkipped(summary, 'no position');
    return null;
  }
  const name = record.denominationUsuelleEtablissement?.trim() || record.enseigne1Etablissement?.trim() || null;
  const sign = record.enseigne1Etablissement?.trim();
  // Older nomenclatures (NAFRev1, NAF1993, NAP) of long-lived establishments are not NAF rév. 2.
  const nomenclature = record.nomenclatureActivitePrincipaleEtablissement?.trim();
  return establishment({
    ref: siret,
    activity: !nomenclature || nomenclature === 'NAFRev2' ? (record.activitePrincipaleEtablissement ?? '') : '',
    headcount: record.trancheEffectifsEtablissement ?? '',
    position,
    iris,
    name,
    address: formatAddress({
      houseNumber: [record.numeroVoieEtablissement, record.indiceRepetitionEtablissement].map((part) => part?.trim()).filter(Boolean).join(' ') || undefined,
      street: [streetType(record.typeVoieEtablissement), record.libelleVoieEtablissement?.trim()].filter(Boolean).join(' ') || undefined,
      postcode: record.codePostalEtablissement,
      city: record.libelleCommuneEtablissement,
    }, 'fr'),
    details: {
      ...(sign && sign !== name ? { sign } : {}),
      ...(nomenclature && nomenclature !== 'NAFRev2' && record.activitePrincipaleEtablissement ? { activity: `${record.activitePrincipaleEtablissement} (${nomenclature})` } : {}),
    },
  });
}

/** Coordinates the stock row carries itself: longitude/latitude (geocoded copies) or Lambert. */
function ownPosition(record: Record<string, string>): [number, number] | null {
  const lon = parseNumber(record.longitude);
  const lat = parseNumber(record.latitude);
  if (lon !== null && lat !== null) return [lon, lat];
  const x = parseNumber(record.coordonneeLambertAbscisseEtablissement);
  const y = parseNumber(record.coordonneeLambertOrdonneeEtablissement);
  if (x === null || y === null) return null;
  return projectedToLonLat(x, y, epsgOfCommune(record.codeCommuneEtablissement?.trim() ?? ''));
}

interface EstablishmentFields {
  ref: string;
  activity: string;
  headcount: string;
  position: [number, number] | null;
  iris: string | null;
  name?: string | null;
  address?: string | null;
  details?: Record<string, string>;
}

function establishment(fields: EstablishmentFields): PoiItem {
  const naf = normalizeNaf(fields.activity);
  const details = { ...fields.details };
  if (!naf && fields.activity.trim() && !details.activity) details.activity = fields.activity.trim();
  return {
    catalogue: SIRENE_CATALOGUE,
    ref: fields.ref,
    name: fields.name ?? null,
    categories: naf ? withCategoryAncestors(categoriesOfNaf(naf)) : [],
    tags: [],
    naf,
    headcount: normalizeHeadcountBand(fields.headcount),
    brand: null,
    address: fields.address ?? null,
    openingHours: null,
    website: null,
    details,
    country: 'fr',
    position: fields.position ? [round(fields.position[0]), round(fields.position[1])] : null,
    iris: fields.iris,
  };
}

/** INSEE's abbreviated street types, spelled out (the rest are kept as written). */
const STREET_TYPES: Record<string, string> = {
  ALL: 'ALLEE', AV: 'AVENUE', BD: 'BOULEVARD', CHE: 'CHEMIN', CRS: 'COURS', FG: 'FAUBOURG', IMP: 'IMPASSE', PAS: 'PASSAGE',
  PL: 'PLACE', PROM: 'PROMENADE', QUA: 'QUAI', RES: 'RESIDENCE', RPT: 'ROND-POINT', RTE: 'ROUTE', SQ: 'SQUARE', VOIE: 'VOIE',
};

function streetType(code: string | undefined): string | undefined {
  const trimmed = code?.trim().toUpperCase();
  return trimmed ? (STREET_TYPES[trimmed] ?? trimmed) : undefined;
}

function parseNumber(value: string | undefined): number | null {
  if (value === undefined) return null;
  const trimmed = value.trim().replace(',', '.');
  if (!trimmed) return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : null;
}

function round(value: number): number {
  return Math.round(value * 1e7) / 1e7;
}
