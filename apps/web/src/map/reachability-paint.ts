/**
 * The colour of a "where to open" cell: the colour of the class the server gave it (`class`, 0 =
 * lowest; -1 for a cell without roads, left uncoloured). Kept pure so the map paints the classes the
 * legend lists, exactly as the server classed them.
 */
import type { ExpressionSpecification } from 'maplibre-gl';

export const CELL_CLASS_PROPERTY = 'class';
export const CELL_INDEX_PROPERTY = 'index';
/** A cell outside every class (no road in it): not painted. */
export const UNCLASSED_COLOR = 'rgba(0, 0, 0, 0)';

export function cellColorExpression(colors: readonly string[]): ExpressionSpecification | string {
  if (colors.length === 0) return UNCLASSED_COLOR;
  const stops = colors.flatMap((color, klass) => [klass, color]);
  return ['match', ['to-number', ['coalesce', ['get', CELL_CLASS_PROPERTY], -1]], ...stops, UNCLASSED_COLOR] as unknown as ExpressionSpecification;
}
