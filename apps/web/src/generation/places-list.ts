/**
 * A list of places pasted by the user (from a spreadsheet or typed), one place per line, read into
 * the places a generation takes. A line is cells separated by tabs (a spreadsheet's copy) or
 * semicolons:
 *   - one cell: "48.8566, 2.3522" (latitude, longitude, as map sites copy them) or an address;
 *   - two: name, then coordinates or address;
 *   - three or more: name, coordinates or address, category; or name, latitude, longitude, category.
 * A first line of column names (name, address, latitude…, or text above coordinates) is skipped. Decimal commas are read.
 */
import type { GenerationPlace } from '@catchment/domain';

export interface PlacesList {
  places: GenerationPlace[];
  /** Line numbers (from 1) whose coordinates are out of range: not taken. */
  invalidLines: number[];
  /** Whether the first line was read as column names. */
  header: boolean;
}

const HEADER_WORDS = new Set([
  'name', 'nom', 'label', 'libellé', 'libelle', 'address', 'adresse', 'place', 'lieu', 'store', 'magasin',
  'lat', 'latitude', 'lng', 'lon', 'long', 'longitude', 'coordinates', 'coordonnées', 'category', 'catégorie', 'categorie', 'type',
]);

const NUMBER = /^-?\d+(?:[.,]\d+)?$/;
const COORDINATES = /^(-?\d+(?:\.\d+)?)\s*[,\s]\s*(-?\d+(?:\.\d+)?)$/;

const number = (text: string) => Number(text.replace(',', '.'));

/** [lng, lat] from a latitude and a longitude; null out of range. */
function position(lat: number, lng: number): [number, number] | null {
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? [lng, lat] : null;
}

type Location = { position: [number, number] } | { address: string } | 'invalid';

/** "48.85, 2.35" as coordinates; anything else as an address. */
function location(text: string): Location {
  const match = COORDINATES.exec(text);
  if (!match) return { address: text };
  const at = position(Number(match[1]), Number(match[2]));
  return at ? { position: at } : 'invalid';
}

function cellsOf(line: string): string[] {
  return line.split(line.includes('\t') ? '\t' : ';').map((cell) => cell.trim());
}

/**
 * Column names: no cell is a number or coordinates, and either most cells are words such as name
 * or address, or the line's place cell is text where the other lines mostly have coordinates.
 */
function isHeader(cells: readonly string[], others: readonly string[][]): boolean {
  const filled = cells.filter((cell) => cell !== '');
  if (filled.some((cell) => NUMBER.test(cell) || COORDINATES.test(cell))) return false;
  const names = filled.filter((cell) => HEADER_WORDS.has(cell.toLowerCase())).length;
  if (names * 2 > filled.length) return true;
  const placeAt = cells.length > 1 ? 1 : 0;
  const placed = others.filter((line) => COORDINATES.test(line[placeAt] ?? '') || (NUMBER.test(line[placeAt] ?? '') && NUMBER.test(line[placeAt + 1] ?? '')));
  return others.length > 0 && placed.length * 2 > others.length;
}

export function parsePlacesList(text: string): PlacesList {
  const lines = text.split(/\r?\n/).map((line, index) => ({ number: index + 1, cells: cellsOf(line) }))
    .filter((line) => line.cells.some((cell) => cell !== ''));
  const header = lines.length > 0 && isHeader(lines[0]!.cells, lines.slice(1).map((line) => line.cells));
  const places: GenerationPlace[] = [];
  const invalidLines: number[] = [];
  for (const line of header ? lines.slice(1) : lines) {
    const place = placeOf(line.cells);
    if (place === 'invalid') invalidLines.push(line.number);
    else places.push(place);
  }
  return { places, invalidLines, header };
}

function placeOf(cells: readonly string[]): GenerationPlace | 'invalid' {
  const [first = '', second = '', third = '', fourth = ''] = cells;
  if (cells.length >= 3 && NUMBER.test(second) && NUMBER.test(third)) {
    const at = position(number(second), number(third));
    return at ? withOptional({ position: at }, first, fourth) : 'invalid';
  }
  if (cells.length === 1 || second === '') return location(first);
  const where = location(second);
  return where === 'invalid' ? where : withOptional(where, first, third);
}

function withOptional(where: { position: [number, number] } | { address: string }, label: string, category: string): GenerationPlace {
  return { ...(label ? { label } : {}), ...where, ...(category ? { category } : {}) };
}
