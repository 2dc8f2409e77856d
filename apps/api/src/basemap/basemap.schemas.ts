import { z } from 'zod';
import { BASEMAP_LANGUAGES, BASEMAP_MAX_ZOOM, isValidTileAddress } from '@catchment/geodata';

const tileCoordinate = z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(0, { error: 'validation.invalid' });

const inGrid = ({ z: zoom, x, y }: { z: number; x: number; y: number }) => x < 2 ** zoom && y < 2 ** zoom;

/** z/x/y of a tile the coarse world layer serves: zoom 0 to its maximum, column and row inside the zoom's grid. */
export const tileParams = z.object({
  z: tileCoordinate.max(BASEMAP_MAX_ZOOM, { error: 'validation.invalid' }),
  x: tileCoordinate,
  y: tileCoordinate,
}).refine(isValidTileAddress, { error: 'validation.invalid', path: ['x'] });

/** The deepest zoom a street-level archive may hold (Protomaps archives and ours stop at 15; MapLibre overzooms). */
export const OSM_TILE_MAX_ZOOM = 15;

/** z/x/y of a street-level tile. */
export const osmTileParams = z.object({
  z: tileCoordinate.max(OSM_TILE_MAX_ZOOM, { error: 'validation.invalid' }),
  x: tileCoordinate,
  y: tileCoordinate,
}).refine(inGrid, { error: 'validation.invalid', path: ['x'] });

/** The labels' language; English when not given. */
export const styleQuery = z.object({
  lang: z.enum(BASEMAP_LANGUAGES, { error: 'validation.invalid' }).default('en'),
});
