/**
 * A dataset's figures in areas, computed in a compute thread from its cache: each area prepared for
 * telling points inside from outside (no convex pieces: only points are tested), the cells its
 * bounding box meets read once per dataset version, column and region, then counted and summed.
 */
import type { AreaGeometry } from '@catchment/domain';
import { preparePointArea } from '@catchment/geodata';
import { figuresInCells, type AreaFigures } from './area-figures.js';
import type { DatasetCellCache, DatasetCellKey } from './dataset-cell-cache.js';

export type DatasetFiguresRequest = DatasetCellKey;

export interface DatasetFiguresAnswer {
  /** One per area, in their order. */
  figures: AreaFigures[];
  /** False when some rows were of a newer version than asked for: the figures are not the asked version's to keep. */
  current: boolean;
}

export async function areaDatasetFigures(cache: DatasetCellCache, areas: readonly AreaGeometry[], request: DatasetFiguresRequest): Promise<DatasetFiguresAnswer> {
  const figures: AreaFigures[] = [];
  let current = true;
  for (const geometry of areas) {
    const area = preparePointArea(geometry);
    const held = await cache.cellsMeeting(request, area.bbox);
    current &&= held.current;
    figures.push(figuresInCells(area, held.cells));
  }
  return { figures, current };
}
