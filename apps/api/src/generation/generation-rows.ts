/**
 * The rows a generation makes areas from, taken from the request when it comes: a pasted list of
 * places, or the rows of one of the caller's datasets (named by a column, coloured by another).
 */
import {
  DomainError, GENERATION_MAX_ROWS, generationColors, translate,
  type GenerateMapBody, type GenerationPlace, type Locale,
} from '@catchment/domain';
import { labelColumn } from '../datasets/maps/label-column.js';
import type { DatasetRow } from '../datasets/datasets.repository.js';
import type { DatasetSourceRow, GenerationRowSpec } from './generations.repository.js';

/** A row before its colour: where it is, its name and category. */
interface SourceRow { row: number; label: string | undefined; category: string | undefined; position?: [number, number]; address?: string }

export function tooManyRows(count: number) {
  return new DomainError('generationTooManyRows', { details: { count, max: GENERATION_MAX_ROWS } });
}

export function placesRows(places: readonly GenerationPlace[]): SourceRow[] {
  if (places.length > GENERATION_MAX_ROWS) throw tooManyRows(places.length);
  return places.map((place, index) => ({
    row: index + 1,
    label: place.label || undefined,
    category: place.category,
    ...(place.position ? { position: place.position } : { address: place.address! }),
  }));
}

/** A dataset's rows; rows without a position stay, to be reported as not placed. Columns must be the dataset's. */
export function datasetRows(
  dataset: Pick<DatasetRow, 'columns'>, rows: readonly DatasetSourceRow[], columns: { labelColumn?: string | undefined; categoryColumn?: string | undefined },
): SourceRow[] {
  const indexOf = (column: string | undefined, field: string) => {
    if (column === undefined) return undefined;
    const index = dataset.columns.indexOf(column);
    if (index < 0) throw new DomainError('datasetColumnUnknown', { details: { column, path: `body.source.${field}` } });
    return index;
  };
  const labelAt = indexOf(columns.labelColumn, 'labelColumn') ?? labelColumn(dataset.columns);
  const categoryAt = indexOf(columns.categoryColumn, 'categoryColumn');
  return rows.map((row) => ({
    row: row.rowNumber,
    label: labelAt === undefined ? undefined : row.cells[labelAt]?.trim() || undefined,
    category: categoryAt === undefined ? undefined : row.cells[categoryAt],
    ...(row.position ? { position: row.position } : {}),
  }));
}

/** The rows with their colours (the request's rule) and names (the area's default name when a row has none). */
export function withColors(rows: readonly SourceRow[], rule: GenerateMapBody['colors'], locale: Locale): GenerationRowSpec[] {
  const colors = generationColors(rule, rows.map((row) => row.category));
  return rows.map((row, index) => ({
    row: row.row,
    label: (row.label ?? translate(locale, 'maps.defaultAreaLabel', { n: index + 1 })).slice(0, 200),
    color: colors[index]!,
    ...(row.position ? { position: row.position } : {}),
    ...(row.address ? { address: row.address } : {}),
  }));
}
