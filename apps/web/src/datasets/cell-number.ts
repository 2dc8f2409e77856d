/**
 * What a cell of an uploaded file holds, as the import will read it: a decimal number written with
 * a point or a comma and spaces between thousands ("1 234,5"), or a "latitude, longitude" pair
 * (apart by a semicolon, a comma or spaces, as copied from a map), read by the domain's rules
 * (datasets/cell-values.ts) that the import applies too. The import wizard guesses its defaults
 * from these.
 */
import { coordinatesFromPair, parseDecimal } from '@catchment/domain';

/** The number a cell holds, or null for text that is none (the import's rule). */
export const cellNumber = parseDecimal;

/** Whether a cell holds a "latitude, longitude" pair the import places. */
export const cellHoldsLatLng = (text: string): boolean => coordinatesFromPair(text) !== null;

/**
 * Whether most of a column's filled cells (four in five) pass a test; a column with no filled
 * cell in the sample passes none.
 */
export function mostCells(rows: readonly (readonly string[])[], index: number, test: (cell: string) => boolean): boolean {
  const filled = rows.map((row) => row[index] ?? '').filter((cell) => cell.trim() !== '');
  if (filled.length === 0) return false;
  return filled.filter(test).length >= filled.length * 0.8;
}
