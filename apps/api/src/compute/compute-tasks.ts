/**
 * The work the API does in its compute threads (compute-pool.ts): what is too slow for the event
 * loop, where one request would hold every other user's. Runs inside a worker thread; pure.
 */
import { unionGeometries, validateAreaGeometry, type GeometryReason } from '@catchment/domain';
import { packGeometries, unpackGeometries, type PackedGeometries } from './packed-geometry.js';

export type ComputeTask =
  /** Full validity check of areas (rings crossing themselves: an O(n log n) sweep). */
  | { name: 'validateAreas'; geometries: PackedGeometries }
  /** Union of polygons (the administrative mode's areas). */
  | { name: 'union'; geometries: PackedGeometries };

export interface InvalidGeometry { index: number; reason: GeometryReason }

export function runComputeTask(task: ComputeTask): InvalidGeometry[] | PackedGeometries | null {
  switch (task.name) {
    case 'validateAreas':
      return unpackGeometries(task.geometries).flatMap((geometry, index) => {
        const result = validateAreaGeometry(geometry);
        return result.valid ? [] : [{ index, reason: result.reason }];
      });
    case 'union': {
      const union = unionGeometries(unpackGeometries(task.geometries));
      return union ? packGeometries([union]) : null;
    }
  }
}
