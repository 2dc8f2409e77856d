/**
 * A map's areas as a KML 2.2 document (Google Earth, GIS): one Folder per folder of the map, one
 * Placemark per area, named after it, drawn in its colour (a shared Style per colour), described
 * by how it was made (area-description.ts), with the raw recipe in ExtendedData and its polygons,
 * holes included (outer rings counter-clockwise). Hidden areas and closed folders keep that state
 * (visibility, open).
 *
 * Text is the user's: it is XML-escaped, and characters XML 1.0 cannot hold (control characters)
 * are dropped. KML readers show a description as HTML, so its lines are HTML-escaped first and
 * joined with <br>, then the whole is XML-escaped: a label holding markup is shown, never run.
 */
import { MAP_STYLE, orientRings, type Area, type AreaGeometry, type Folder, type MapDocument, type Ring } from '@catchment/domain';
import { areaDescriptionLines, type DescriptionOptions } from './area-description.js';

export const KML_TYPE = 'application/vnd.google-earth.kml+xml; charset=utf-8';

/** Characters outside XML 1.0's Char production: C0 controls other than tab, LF, CR; lone surrogates; U+FFFE, U+FFFF. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\uFFFE\uFFFF]/g;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe inside an XML element or attribute. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** A #rrggbb colour as KML writes it: aabbggrr, with the given opacity (0–1). */
export function kmlColor(hex: string, opacity = 1): string {
  const alpha = Math.round(opacity * 255).toString(16).padStart(2, '0');
  const [r, g, b] = [hex.slice(1, 3), hex.slice(3, 5), hex.slice(5, 7)];
  return `${alpha}${b}${g}${r}`.toLowerCase();
}

export const styleId = (color: string) => `color-${color.slice(1).toLowerCase()}`;

/** The shared Style of a colour (outline and translucent fill, as the map draws areas); placemarks name it with #styleId. */
export function kmlStyle(color: string): string {
  return `<Style id="${styleId(color)}"><LineStyle><color>${kmlColor(color)}</color><width>${MAP_STYLE.weight}</width></LineStyle>`
    + `<PolyStyle><color>${kmlColor(color, MAP_STYLE.fillOpacity)}</color></PolyStyle></Style>`;
}

const coordinates = (ring: Ring) => ring.map(([lng, lat]) => `${lng},${lat}`).join(' ');
const linearRing = (ring: Ring) => `<LinearRing><coordinates>${coordinates(ring)}</coordinates></LinearRing>`;

function polygon([outer, ...holes]: Ring[]): string {
  return `<Polygon><outerBoundaryIs>${linearRing(outer!)}</outerBoundaryIs>${holes.map((hole) => `<innerBoundaryIs>${linearRing(hole)}</innerBoundaryIs>`).join('')}</Polygon>`;
}

export function kmlGeometry(geometry: AreaGeometry): string {
  const oriented = orientRings(geometry);
  return oriented.type === 'Polygon' ? polygon(oriented.coordinates) : `<MultiGeometry>${oriented.coordinates.map(polygon).join('')}</MultiGeometry>`;
}

/** Text as HTML content: only & < > matter there (quotes are escaped once, by xmlText). */
const htmlLine = (line: string) => line.replace(/[&<>]/g, (char) => ESCAPES[char]!);

/** A placemark's description: lines for a reader that shows it as HTML, escaped as text first (see above). */
export const kmlDescription = (lines: readonly string[]) => `<description>${xmlText(lines.map(htmlLine).join('<br>'))}</description>`;

/** The recipe as it is stored, for software that reads the file (the description is for people). */
function extendedData(area: Area): string {
  const fields: [string, string | number | null][] = [
    ['isoMode', area.isoMode], ['transportMode', area.transportMode], ['operation', area.operation],
    ['durationSeconds', area.duration], ['distanceMeters', area.distance], ['startAddress', area.startAddress],
    ['unitKind', area.unitKind],
  ];
  const data = fields.filter(([, value]) => value !== null).map(([name, value]) => `<Data name="${name}"><value>${xmlText(String(value))}</value></Data>`);
  return `<ExtendedData>${data.join('')}</ExtendedData>`;
}

function placemark(area: Area, options: DescriptionOptions): string {
  return `<Placemark id="area-${xmlText(area.uuid)}"><name>${xmlText(area.label)}</name>${area.hide ? '<visibility>0</visibility>' : ''}`
    + `${kmlDescription(areaDescriptionLines(area, options))}<styleUrl>#${styleId(area.color)}</styleUrl>${extendedData(area)}${kmlGeometry(area.geometry)}</Placemark>`;
}

function folder(entry: Folder, options: DescriptionOptions): string {
  return `<Folder><name>${xmlText(entry.label)}</name><open>${entry.closed ? 0 : 1}</open>\n${entry.areas.map((area) => `${placemark(area, options)}\n`).join('')}</Folder>`;
}

/** The whole document, one line per placemark (readable in a diff, and no line holds more than an area). */
export function kmlDocument(map: MapDocument, options: DescriptionOptions): string {
  const colors = [...new Set(map.folders.flatMap((entry) => entry.areas.map((area) => area.color.toLowerCase())))];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2">',
    `<Document><name>${xmlText(map.title)}</name>`,
    ...colors.map(kmlStyle),
    ...map.folders.map((entry) => folder(entry, options)),
    '</Document>',
    '</kml>',
    '',
  ].join('\n');
}
