/**
 * The 'routed' recipe of the maps' area-geometry registry: an isochrone (duration, seconds) or a
 * road isodistance (distance, metres) from the area's start point or start points, leaving them
 * or (direction arrival) reaching them, by transit at its departure date, computed like the standalone endpoint so the stored area
 * is exactly what the panel previewed.
 */
import type { AreaGeometryResolver } from '../maps/area-geometry.js';
import { areaCannotBeCalculated } from '../maps/area-geometry.js';
import type { IsochroneService } from './isochrone.service.js';

export function routedAreaResolver(isochrones: IsochroneService): AreaGeometryResolver {
  return {
    async resolve(area) {
      const value = area.isoMode === 'isochrone' ? area.duration : area.distance;
      const startPoint = area.startPoints?.[0] ?? area.startPoint;
      if (!startPoint || value === undefined || !area.transportMode) throw areaCannotBeCalculated();
      if (area.isoMode !== 'isochrone' && area.isoMode !== 'isodistance') throw areaCannotBeCalculated();
      return isochrones.computeOne(area.isoMode, area.transportMode, value, {
        ...(area.startPoints ? { startPoints: area.startPoints } : { startPoint }),
        ...(area.direction ? { direction: area.direction } : {}),
        // Transit reads the timetables at the area's departure (now when it has none).
        ...(area.transportMode === 'transit' && area.departureDate ? { departureDate: area.departureDate } : {}),
      });
    },
  };
}
