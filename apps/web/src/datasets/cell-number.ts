/**
 * What a cell of an uploaded file holds, as the import will read it: a decimal number written with
 * a point or a comma and spaces between thousands ("1 234,5"), or a "latitude, longitude" pair
 * (apart by a semicolon, a comma or spaces, as copied from a map). The import wizard guesses its
 * defaults from these; the server reads the cells itself when it imports.
 */

/** The number a cell holds, or null for text that is none. */
export function cellNumber(text: string): number | null {
  const trimmed = text.trim().replace(/\s+/g, '');
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(trimmed)) return null;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

/** The [latitude, longitude] a cell holds as one pair, or null. */
export function cellLatLng(text: string): [number, number] | null {
  for (const separator of [/\s*;\s*/, /\s*,\s*/, /\s+/]) {
    const parts = text.trim().split(separator);
    if (parts.length !== 2) continue;
    const latitude = cellNumber(parts[0]!);
    const longitude = cellNumber(parts[1]!);
    if (latitude === null || longitude === null || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
    return [latitude, longitude];
  }
  return null;
}

/**
 * Whether most of a column's filled cells (four in five) pass a test; a column with no filled
 * cell in the sample passes none.
 */
export function mostCells(rows: readonly (readonly string[])[], index: number, test: (cell: string) => boolean): boolean {
  const filled = rows.map((row) => row[index] ?? '').filter((cell) => cell.trim() !== '');
  if (filled.length === 0) return false;
  return filled.filter(test).length >= filled.length * 0.8;
}
