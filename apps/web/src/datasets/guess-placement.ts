/**
 * The import wizard's first guess of how a file's rows are placed (SPEC §5: coordinates, or an
 * address): two coordinate columns when headers name a latitude and a longitude holding numbers
 * in range, else one column of "latitude, longitude" pairs, else the address columns the headers
 * name. The user sees the guess and changes it; null when nothing in the file says.
 */
import { cellHoldsLatLng, cellNumber, mostCells } from './cell-number.js';
import { columnRole, type AddressPart } from './column-roles.js';

export type AddressColumnsChoice = Partial<Record<AddressPart, string>>;

export type Placement =
  | { kind: 'coordinates'; latitude: string; longitude: string }
  | { kind: 'latLng'; column: string }
  | { kind: 'address'; address: AddressColumnsChoice };

const inRange = (limit: number) => (cell: string) => {
  const value = cellNumber(cell);
  return value !== null && Math.abs(value) <= limit;
};

/**
 * The guess from the columns and a sample of rows (the preview's first page). Without rows the
 * headers alone decide.
 */
export function guessPlacement(columns: readonly string[], rows: readonly (readonly string[])[]): Placement | null {
  const roles = columns.map(columnRole);
  const holds = (index: number, test: (cell: string) => boolean) => rows.length === 0 || mostCells(rows, index, test);
  const first = (found: (index: number) => boolean) => {
    const index = columns.findIndex((_, i) => found(i));
    return index >= 0 ? columns[index]! : undefined;
  };

  const latitude = first((i) => roles[i] === 'latitude' && holds(i, inRange(90)));
  const longitude = first((i) => roles[i] === 'longitude' && holds(i, inRange(180)));
  if (latitude && longitude) return { kind: 'coordinates', latitude, longitude };

  const pairs = (i: number) => mostCells(rows, i, cellHoldsLatLng);
  const latLng = first((i) => roles[i] === 'latLng' && holds(i, cellHoldsLatLng))
    // A column of pairs under a header that does not say so ("Où", "Standort 2").
    ?? first((i) => roles[i] === null && rows.length > 0 && pairs(i));
  if (latLng) return { kind: 'latLng', column: latLng };

  const address: AddressColumnsChoice = {};
  for (const part of ['street', 'housenumber', 'postcode', 'city', 'country', 'line'] as const) {
    const column = first((i) => roles[i] === part);
    if (column) address[part] = column;
  }
  // "Address" is the street when the postcode or the town have their own columns, else the whole address.
  const general = first((i) => roles[i] === 'address');
  if (general) {
    const hasParts = address.postcode !== undefined || address.city !== undefined;
    if (hasParts && !address.street) address.street = general;
    else if (!hasParts && !address.line) address.line = general;
  }
  return Object.keys(address).length > 0 ? { kind: 'address', address } : null;
}

/** The columns a placement takes (the figures' column is guessed among the others). */
export function placementColumns(placement: Placement | null): string[] {
  if (!placement) return [];
  if (placement.kind === 'coordinates') return [placement.latitude, placement.longitude];
  if (placement.kind === 'latLng') return [placement.column];
  return Object.values(placement.address).filter((column): column is string => Boolean(column));
}
