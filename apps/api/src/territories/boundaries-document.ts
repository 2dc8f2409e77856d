/**
 * The bulk export of administrative boundaries (SPEC §6, ADVANCED): the units an area covers
 * (communes, postcodes, IRIS… as its divisions list them) with their whole boundaries from the
 * territorial data of record, for a GIS or Google Earth.
 *
 * - GeoJSON (RFC 7946): a FeatureCollection named after the area, one Feature per unit, its id
 *   `kind:code`, outer rings counter-clockwise, properties: kind, code, name, parent, the share of
 *   the unit inside the area (0–1) and its population.
 * - KML 2.2: one Folder per kind, one Placemark per unit in the area's colour, the same facts in
 *   its description (for people) and ExtendedData (for software); the text escaping of the map's
 *   KML export (kml-document.ts).
 *
 * Units known only by their position (the demo's communes) are Points in both. Built in a compute
 * thread: the boundaries arrive as the database's GeoJSON text and are parsed there.
 */
import { orientRings, translate, type AdministrativeKind, type AreaGeometry, type Position, type DivisionRow, type Locale, type MapExportFormat } from '@catchment/domain';
import { kmlDescription, kmlGeometry, kmlStyle, styleId, xmlText } from '../maps/export/kml-document.js';

export interface BoundaryUnit { kind: AdministrativeKind; row: DivisionRow; geometry: string }

export interface BoundariesRequest {
  format: MapExportFormat;
  locale: Locale;
  /** The area's label (the document's name) and colour (the KML style). */
  areaLabel: string;
  color: string;
  /** The kinds in the order their folders come, and the units, in that order too. */
  kinds: AdministrativeKind[];
  units: BoundaryUnit[];
}

type UnitGeometry = AreaGeometry | { type: 'Point'; coordinates: Position };

const parsed = (text: string) => JSON.parse(text) as UnitGeometry;
const oriented = (geometry: UnitGeometry): UnitGeometry => (geometry.type === 'Point' ? geometry : orientRings(geometry));

function geoJson({ areaLabel, locale, units }: BoundariesRequest): string {
  const features = units.map(({ kind, row, geometry }) => JSON.stringify({
    type: 'Feature',
    id: `${kind}:${row.code}`,
    geometry: oriented(parsed(geometry)),
    properties: {
      kind,
      kindName: translate(locale, `unitKinds.${kind}`),
      code: row.code,
      name: row.name,
      parentName: row.parentName ?? null,
      shareInsideArea: row.share,
      population: row.population,
      boundary: row.geometry === 'polygon',
    },
  }));
  // One feature per line: readable in a diff, and the collection is never one giant line.
  return `{"type":"FeatureCollection","name":${JSON.stringify(areaLabel)},"features":[\n${features.join(',\n')}\n]}\n`;
}

const NUMBER_LOCALES: Record<Locale, string> = { en: 'en-GB', fr: 'fr-FR' };

function kmlPlacemark(unit: BoundaryUnit, request: BoundariesRequest): string {
  const { row, kind } = unit;
  const { locale } = request;
  const numbers = NUMBER_LOCALES[locale];
  const lines = [
    `${translate(locale, 'boundariesExport.code')} ${row.code}`,
    ...(row.parentName ? [`${translate(locale, 'boundariesExport.partOf')} ${row.parentName}`] : []),
    `${translate(locale, 'boundariesExport.share')} ${row.share.toLocaleString(numbers, { style: 'percent', maximumFractionDigits: 1 })}`,
    ...(row.population === null ? [] : [`${translate(locale, 'boundariesExport.population')} ${Math.round(row.population).toLocaleString(numbers)}`]),
  ];
  const data: [string, string | number | null][] = [['kind', kind], ['code', row.code], ['shareInsideArea', row.share], ['population', row.population]];
  const extended = data.filter(([, value]) => value !== null).map(([name, value]) => `<Data name="${name}"><value>${xmlText(String(value))}</value></Data>`).join('');
  const geometry = parsed(unit.geometry);
  const shape = geometry.type === 'Point' ? `<Point><coordinates>${geometry.coordinates[0]},${geometry.coordinates[1]}</coordinates></Point>` : kmlGeometry(geometry);
  return `<Placemark id="${xmlText(`${kind}-${row.code}`)}"><name>${xmlText(row.name)}</name>${kmlDescription(lines)}`
    + `<styleUrl>#${styleId(request.color)}</styleUrl><ExtendedData>${extended}</ExtendedData>${shape}</Placemark>`;
}

function kml(request: BoundariesRequest): string {
  const { areaLabel, color, kinds, units, locale } = request;
  const folders = kinds.map((kind) => {
    const placemarks = units.filter((unit) => unit.kind === kind).map((unit) => `${kmlPlacemark(unit, request)}\n`).join('');
    return `<Folder><name>${xmlText(translate(locale, `unitKinds.${kind}`))}</name><open>1</open>\n${placemarks}</Folder>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2">',
    `<Document><name>${xmlText(areaLabel)}</name>`,
    kmlStyle(color),
    ...folders,
    '</Document>',
    '</kml>',
    '',
  ].join('\n');
}

export function boundariesDocument(request: BoundariesRequest): Uint8Array {
  return new TextEncoder().encode(request.format === 'kml' ? kml(request) : geoJson(request));
}
