/**
 * The colour of a Merge or Subtract result: its own, so it does not pass for one of its sources.
 * The palette's next colour (by the new area's index in the map) that no area of the map uses;
 * when every one is used, the next one no source uses.
 */
import { AREA_COLOR_PALETTE } from '@catchment/domain';

export function resultColor(sourceColors: readonly string[], mapColors: readonly string[], indexInMap: number): string {
  const normalized = (colors: readonly string[]) => new Set(colors.map((color) => color.toLowerCase()));
  const inSources = normalized(sourceColors);
  const inMap = normalized(mapColors);
  const inTurn = AREA_COLOR_PALETTE.map((_, step) => AREA_COLOR_PALETTE[(indexInMap + step) % AREA_COLOR_PALETTE.length]!);
  return inTurn.find((color) => !inMap.has(color))
    ?? inTurn.find((color) => !inSources.has(color))
    ?? inTurn[0]!;
}
