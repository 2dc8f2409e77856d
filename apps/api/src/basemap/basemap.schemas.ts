import { z } from 'zod';
import { BASEMAP_MAX_ZOOM, isValidTileAddress } from '@catchment/geodata';

const tileCoordinate = z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(0, { error: 'validation.invalid' });

/** z/x/y of a tile the basemap serves: zoom 0 to its maximum, column and row inside the zoom's grid. */
export const tileParams = z.object({
  z: tileCoordinate.max(BASEMAP_MAX_ZOOM, { error: 'validation.invalid' }),
  x: tileCoordinate,
  y: tileCoordinate,
}).refine(isValidTileAddress, { error: 'validation.invalid', path: ['x'] });
