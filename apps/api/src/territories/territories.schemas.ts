/** Request parts of the territorial routes that are specific to the server (tile addresses, map/area params). */
import { z } from 'zod';
import { isValidUnitTile } from '@catchment/geodata';
import { analysisCountry, mapIdParam, unitKindParam, uuid } from '@catchment/domain';

export const areaParams = mapIdParam.extend({ areaId: uuid });

/** The country whose data the analysis uses; the area's own without it. */
export const analysisCountryQuery = z.object({ country: analysisCountry });

export const unitKindParams = z.object({ kind: unitKindParam });

export const lngLatQuery = z.object({
  lng: z.coerce.number({ error: 'validation.longitude' }).min(-180, { error: 'validation.longitude' }).max(180, { error: 'validation.longitude' }),
  lat: z.coerce.number({ error: 'validation.latitude' }).min(-90, { error: 'validation.latitude' }).max(90, { error: 'validation.latitude' }),
});

const tileCoordinate = z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(0, { error: 'validation.invalid' });

/** Path params holding a tile's address {z}/{x}/{y} (within the zooms units are tiled at) besides `shape`. */
export function tileParams<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ ...shape, z: tileCoordinate, x: tileCoordinate, y: tileCoordinate })
    .refine((params) => {
      const { z: zoom, x, y } = params as { z: number; x: number; y: number };
      return isValidUnitTile(zoom, x, y);
    }, { error: 'validation.invalid', path: ['x'] });
}

export const unitTileParams = tileParams({ kind: unitKindParam });
