/**
 * The units of some kinds an area meets, with the share of each inside it: found by the database's
 * index, measured exactly in a compute thread. What census figures and divisions both start from.
 */
import type { AdministrativeKind, AreaGeometry } from '@catchment/domain';
import type { ComputePool } from '../compute/compute-pool.js';
import type { TerritoryRepository, UnitWithGeometry } from './data/territory-repository.js';

export interface MetUnit { unit: UnitWithGeometry; share: number; overlapArea: number }

export async function unitsInArea(units: TerritoryRepository, compute: ComputePool, area: AreaGeometry, kinds: readonly AdministrativeKind[]): Promise<MetUnit[]> {
  const candidates = await units.unitsMeeting(area, kinds);
  const overlaps = await compute.overlaps(area, candidates.map((unit) => unit.geometry));
  return candidates.flatMap((unit, i) => {
    const overlap = overlaps[i];
    return overlap ? [{ unit, ...overlap }] : [];
  });
}
