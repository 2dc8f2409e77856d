/**
 * The colour a new search starts with: the first of the palette that no search of the map has
 * (from its second colour: areas start with the first), in turn once all are taken.
 */
import { AREA_COLOR_PALETTE } from '@catchment/domain';

export function nextSearchColor(used: readonly string[]): string {
  const palette = [...AREA_COLOR_PALETTE.slice(1), AREA_COLOR_PALETTE[0]!];
  const taken = new Set(used.map((color) => color.toLowerCase()));
  return palette.find((color) => !taken.has(color)) ?? palette[used.length % palette.length]!;
}
