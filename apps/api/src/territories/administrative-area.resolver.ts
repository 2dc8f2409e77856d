/**
 * The 'administrative' recipe of the maps' area-geometry registry: an area made of territorial
 * units (communes, IRIS, counties…), stored as the union of their boundaries with the unit list.
 * Units known only as points (the demo's French communes) have no boundary to unite: the answer
 * says which importer brings them.
 */
import { areaCannotBeCalculated, type AreaGeometryResolver } from '../maps/area-geometry.js';
import type { UnitUnions } from './unit-unions.js';

export function administrativeAreaResolver(unions: UnitUnions): AreaGeometryResolver {
  return {
    async resolve(area) {
      const { unitKind, unitCodes } = area;
      if (!unitKind || !unitCodes) throw areaCannotBeCalculated();
      return unions.union(unitKind, unitCodes);
    },
  };
}
