/**
 * Vector tiles of one kind of territorial unit, for the administrative mode's outlines (cut in Node
 * as the basemap is: PGlite's PostGIS has no ST_AsMVT). Two layers:
 * - `units`: the boundaries (or positions, for units known only as points), properties code, name;
 *   from the kind's outline zoom (outlineMinZoom);
 * - `labels`: one point per unit where its name reads best (the pole of inaccessibility of its
 *   largest polygon), from the kind's label zoom (SPEC §9).
 * geojson-vt keeps each geometry simplified per zoom (Douglas–Peucker importance computed once), so
 * a tile at zoom 5 carries far fewer vertices than one at zoom 11.
 */
import type { Feature, MultiPolygon, Point, Polygon, Position } from 'geojson';
import GeoJSONVT, { type LegacyTile } from 'geojson-vt';
import polylabel from 'polylabel';
import vtpbf from 'vt-pbf';
import { labelZoomThreshold, outlineMinZoom, type AdministrativeKind } from '@catchment/domain';

export const UNIT_TILES_MAX_ZOOM = 14;
const TILE_EXTENT = 4096;

export interface TileableUnit {
  code: string;
  name: string;
  geometry: Point | Polygon | MultiPolygon;
}

export const UNIT_TILE_LAYERS = { units: 'units', labels: 'labels' } as const;

export function isValidUnitTile(z: number, x: number, y: number): boolean {
  const side = 2 ** z;
  return [z, x, y].every(Number.isInteger) && z >= 0 && z <= UNIT_TILES_MAX_ZOOM && x >= 0 && x < side && y >= 0 && y < side;
}

export class UnitTiles {
  private readonly outlines: GeoJSONVT;
  private readonly labels: GeoJSONVT;
  readonly outlineZoom: number;
  readonly labelZoom: number;

  constructor(kind: AdministrativeKind, units: readonly TileableUnit[]) {
    this.outlineZoom = outlineMinZoom(kind);
    this.labelZoom = labelZoomThreshold(kind);
    const options = { maxZoom: UNIT_TILES_MAX_ZOOM, indexMaxZoom: 5, extent: TILE_EXTENT, buffer: 64 };
    this.outlines = new GeoJSONVT({
      type: 'FeatureCollection',
      features: units.map((unit): Feature => ({ type: 'Feature', properties: { code: unit.code, name: unit.name }, geometry: unit.geometry })),
    }, { ...options, tolerance: 3 });
    this.labels = new GeoJSONVT({
      type: 'FeatureCollection',
      features: units.map((unit): Feature<Point> => ({
        type: 'Feature', properties: { code: unit.code, name: unit.name }, geometry: { type: 'Point', coordinates: labelPosition(unit.geometry) },
      })),
    }, options);
  }

  /** The encoded tile, or null when there is nothing to draw there (or the address is out of range). */
  tile(z: number, x: number, y: number): Uint8Array | null {
    if (!isValidUnitTile(z, x, y) || z < this.outlineZoom) return null;
    const layers: Record<string, LegacyTile> = {};
    const outlines = this.outlines.getTile(z, x, y);
    if (outlines && outlines.features.length > 0) layers[UNIT_TILE_LAYERS.units] = outlines;
    const labels = z >= this.labelZoom ? this.labels.getTile(z, x, y) : null;
    if (labels && labels.features.length > 0) layers[UNIT_TILE_LAYERS.labels] = labels;
    if (Object.keys(layers).length === 0) return null;
    return vtpbf.fromGeojsonVt(layers, { version: 2, extent: TILE_EXTENT });
  }
}

/** Where a unit's name goes: its position, or inside its largest polygon, away from the edges. */
export function labelPosition(geometry: Point | Polygon | MultiPolygon): Position {
  if (geometry.type === 'Point') return geometry.coordinates;
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const largest = polygons.reduce((best, polygon) => (ringArea(polygon[0]!) > ringArea(best[0]!) ? polygon : best));
  const [lng, lat] = polylabel(largest as number[][][], precisionFor(largest[0]!));
  return [lng, lat];
}

/** About a hundredth of the polygon's width: enough for a label, cheap for tens of thousands of units. */
function precisionFor(ring: Position[]): number {
  let minX = Infinity;
  let maxX = -Infinity;
  for (const [x] of ring) {
    if (x! < minX) minX = x!;
    if (x! > maxX) maxX = x!;
  }
  return Math.max((maxX - minX) / 100, 1e-6);
}

function ringArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += (ring[j]![0]! - ring[i]![0]!) * (ring[j]![1]! + ring[i]![1]!);
  return Math.abs(sum / 2);
}

/**
 * A unit's part in one tile: its outline already clipped to the tile (with a margin) and simplified
 * for the zoom; `properties`: figures its feature carries besides code and name (a heatmap's value).
 */
export interface TileUnit { code: string; name: string; geometry: Point | Polygon | MultiPolygon; label?: Position; properties?: Record<string, number> }

export interface UnitTileOptions {
  /** Whether the tile has the `labels` layer. */
  withLabels: boolean;
  /** The outlines' layer: `units` for the administrative mode, another name for a map built on the units (the heatmap's). */
  layer?: string;
}

/**
 * Encodes one tile from the units the database found in it (cut and simplified there), in the same
 * two layers as UnitTiles: what the map of a dataset of any size needs, one tile at a time.
 */
export function encodeUnitTile(z: number, x: number, y: number, units: readonly TileUnit[], { withLabels, layer = UNIT_TILE_LAYERS.units }: UnitTileOptions): Uint8Array | null {
  if (units.length === 0) return null;
  const options = { maxZoom: z, indexMaxZoom: z, extent: TILE_EXTENT, buffer: 64 };
  const layers: Record<string, LegacyTile> = {};
  const outlines = new GeoJSONVT({
    type: 'FeatureCollection',
    features: units.map((unit): Feature => ({ type: 'Feature', properties: { code: unit.code, name: unit.name, ...unit.properties }, geometry: unit.geometry })),
  }, { ...options, tolerance: 3 }).getTile(z, x, y);
  if (outlines && outlines.features.length > 0) layers[layer] = outlines;
  const labelled = withLabels ? units.filter((unit) => unit.label) : [];
  if (labelled.length > 0) {
    const labels = new GeoJSONVT({
      type: 'FeatureCollection',
      features: labelled.map((unit): Feature<Point> => ({ type: 'Feature', properties: { code: unit.code, name: unit.name }, geometry: { type: 'Point', coordinates: unit.label! } })),
    }, options).getTile(z, x, y);
    if (labels && labels.features.length > 0) layers[UNIT_TILE_LAYERS.labels] = labels;
  }
  if (Object.keys(layers).length === 0) return null;
  return vtpbf.fromGeojsonVt(layers, { version: 2, extent: TILE_EXTENT });
}

/** The tile's bounds in degrees: west, south, east, north. */
export function tileBounds(z: number, x: number, y: number): [number, number, number, number] {
  const side = 2 ** z;
  const lng = (column: number) => (column / side) * 360 - 180;
  const lat = (row: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / side))) * 180) / Math.PI;
  return [lng(x), lat(y + 1), lng(x + 1), lat(y)];
}
