/**
 * Which basemap feature an OpenStreetMap element becomes, in the Protomaps basemap schema (v4):
 * the layer, `kind` and `kind_detail`, `min_zoom` and the few properties the @protomaps/basemaps
 * style reads. Tiles built from an imported extract and an operator's Protomaps archive thus look
 * the same under one style. The zoom from which a feature is kept follows the schema's choices
 * (motorways from zoom 3, residential streets from 12, buildings from 14…), so small zooms stay light.
 *
 * Pure functions of the tags; the collector decides what is a line and what is an area.
 */
import { nameProperties, type OsmTags } from './osm-names.js';

export const PROTOMAPS_LAYERS = ['earth', 'water', 'landuse', 'roads', 'buildings', 'places', 'boundaries'] as const;
export type ProtomapsLayerName = (typeof PROTOMAPS_LAYERS)[number];

export type FeatureProperties = Record<string, string | number | boolean>;

export interface Classification {
  layer: ProtomapsLayerName;
  /** The first zoom whose tiles hold the feature; the schema's `min_zoom` property is one more. */
  minZoom: number;
  properties: FeatureProperties;
}

/** The schema's `min_zoom` is the zoom from which a feature is meant to be drawn, at 512-pixel tiles. */
function classification(layer: ProtomapsLayerName, minZoom: number, properties: FeatureProperties): Classification {
  return { layer, minZoom, properties: { ...properties, min_zoom: minZoom + 1 } };
}

const NOT_BUILT = new Set(['proposed', 'abandoned', 'razed', 'demolished', 'removed', 'construction', 'disused']);

interface RoadClass { kind: string; minZoom: number }

const HIGHWAY_CLASSES: Record<string, RoadClass> = {
  motorway: { kind: 'highway', minZoom: 3 },
  motorway_link: { kind: 'highway', minZoom: 3 },
  trunk: { kind: 'major_road', minZoom: 6 },
  trunk_link: { kind: 'major_road', minZoom: 6 },
  primary: { kind: 'major_road', minZoom: 7 },
  primary_link: { kind: 'major_road', minZoom: 7 },
  secondary: { kind: 'major_road', minZoom: 9 },
  secondary_link: { kind: 'major_road', minZoom: 9 },
  tertiary: { kind: 'major_road', minZoom: 9 },
  tertiary_link: { kind: 'major_road', minZoom: 9 },
  residential: { kind: 'minor_road', minZoom: 12 },
  unclassified: { kind: 'minor_road', minZoom: 12 },
  road: { kind: 'minor_road', minZoom: 12 },
  raceway: { kind: 'minor_road', minZoom: 12 },
  // A street where people live, drawn as one (the schema leaves it to `other`, shown from zoom 14).
  living_street: { kind: 'minor_road', minZoom: 12 },
  service: { kind: 'minor_road', minZoom: 13 },
  pedestrian: { kind: 'path', minZoom: 12 },
  track: { kind: 'path', minZoom: 12 },
  corridor: { kind: 'path', minZoom: 14 },
  path: { kind: 'path', minZoom: 13 },
  cycleway: { kind: 'path', minZoom: 13 },
  bridleway: { kind: 'path', minZoom: 13 },
  footway: { kind: 'path', minZoom: 13 },
  steps: { kind: 'path', minZoom: 13 },
};

const LINK = /_link$/;
const isSet = (value: string | undefined) => value !== undefined && value !== 'no';

/** Bridges and tunnels are drawn apart from zoom 12, as in the schema. */
function structure(tags: OsmTags): FeatureProperties {
  if (isSet(tags.bridge)) return { is_bridge: true };
  if (isSet(tags.tunnel)) return { is_tunnel: true };
  return {};
}

/** A road, path, railway, ferry or runway line, or null when the way is none of those. */
export function classifyRoad(tags: OsmTags): Classification | null {
  const highway = tags.highway;
  if (highway !== undefined) {
    if (NOT_BUILT.has(highway) || highway === 'elevator') return null;
    const road = HIGHWAY_CLASSES[highway] ?? { kind: 'other', minZoom: 14 };
    let minZoom = road.minZoom;
    let kindDetail = highway;
    if (highway === 'service' && tags.service) minZoom = 14;
    if (highway === 'service') kindDetail = 'service';
    if (highway === 'footway' && (tags.footway === 'sidewalk' || tags.footway === 'crossing')) {
      minZoom = 14;
      kindDetail = tags.footway;
    }
    // Private roads only at the largest zoom.
    if (tags.access === 'private' || tags.access === 'no') minZoom = Math.max(minZoom, 15);
    const properties: FeatureProperties = { kind: road.kind, kind_detail: kindDetail, ...structure(tags), ...nameProperties(tags) };
    if (LINK.test(highway)) properties.is_link = true;
    if (tags.oneway) properties.oneway = tags.oneway;
    if (tags.ref) properties.ref = tags.ref;
    return classification('roads', minZoom, properties);
  }
  if (tags.railway !== undefined && !tags.building) {
    if (NOT_BUILT.has(tags.railway) || tags.railway === 'platform' || tags.railway === 'platform_edge') return null;
    const minor = ['funicular', 'light_rail', 'miniature', 'monorail', 'narrow_gauge', 'preserved', 'subway', 'tram'].includes(tags.railway);
    const minZoom = minor ? 14 : tags.service ? 13 : 11;
    return classification('roads', minZoom, { kind: 'rail', kind_detail: tags.railway, ...structure(tags), ...nameProperties(tags) });
  }
  if (tags.man_made === 'pier') return classification('roads', 13, { kind: 'path', kind_detail: 'pier', ...nameProperties(tags) });
  if (tags.route === 'ferry') return classification('roads', 11, { kind: 'ferry', ...nameProperties(tags) });
  if (tags.aeroway === 'runway' || tags.aeroway === 'taxiway') {
    return classification('roads', tags.aeroway === 'runway' ? 9 : 10, { kind: 'aeroway', kind_detail: tags.aeroway });
  }
  return null;
}

const WATERWAY_LINES: Record<string, number> = { river: 9, canal: 10, stream: 13, drain: 15, ditch: 15 };

/** A river, canal or stream line. */
export function classifyWaterway(tags: OsmTags): Classification | null {
  const minZoom = tags.waterway ? WATERWAY_LINES[tags.waterway] : undefined;
  if (minZoom === undefined) return null;
  return classification('water', minZoom, { kind: tags.waterway!, ...nameProperties(tags) });
}

const LAKE_DETAILS = new Set(['lake', 'lagoon', 'oxbow', 'pond', 'reservoir', 'wastewater']);
const WATER_DETAILS = new Set(['basin', 'canal', 'ditch', 'drain', 'river', 'stream']);

const LANDUSE_KINDS: Record<string, Record<string, string>> = {
  amenity: { hospital: 'hospital', school: 'school', kindergarten: 'kindergarten', university: 'university', college: 'college' },
  landuse: {
    recreation_ground: 'recreation_ground', industrial: 'industrial', railway: 'railway', cemetery: 'cemetery',
    commercial: 'commercial', grass: 'grass', farmland: 'farmland', residential: 'residential', military: 'military',
    village_green: 'village_green', allotments: 'allotments', forest: 'forest', meadow: 'meadow', brownfield: 'industrial',
    farmyard: 'farmland', orchard: 'farmland', retail: 'commercial',
  },
  aeroway: { aerodrome: 'aerodrome', runway: 'runway' },
  leisure: {
    park: 'park', garden: 'garden', golf_course: 'golf_course', dog_park: 'dog_park', playground: 'playground',
    pitch: 'pitch', nature_reserve: 'nature_reserve', stadium: 'stadium',
  },
  man_made: { pier: 'pier', bridge: 'pedestrian' },
  natural: {
    beach: 'beach', wood: 'wood', glacier: 'glacier', grassland: 'grassland', scrub: 'scrub', sand: 'sand',
    wetland: 'wetland', bare_rock: 'bare_rock',
  },
  tourism: { zoo: 'zoo' },
  boundary: { national_park: 'park' },
  'area:aeroway': { runway: 'runway', taxiway: 'taxiway' },
};

/** Water, landuse or a building, for a closed way or a multipolygon; null when the area is none of those. */
export function classifyArea(tags: OsmTags): Classification | null {
  return classifyWaterArea(tags) ?? classifyBuilding(tags) ?? classifyLanduse(tags);
}

function classifyWaterArea(tags: OsmTags): Classification | null {
  if (tags.covered === 'yes') return null;
  let kind: string | undefined;
  let kindDetail: string | undefined;
  if (tags.natural === 'water') {
    kind = 'water';
    if (tags.water && LAKE_DETAILS.has(tags.water)) kindDetail = 'lake';
    else if (tags.water && WATER_DETAILS.has(tags.water)) kindDetail = tags.water;
  } else if (tags.landuse === 'reservoir') kind = 'lake';
  else if (tags.landuse === 'basin') kind = 'basin';
  else if (tags.waterway === 'riverbank' || tags.waterway === 'dock') kind = tags.waterway;
  else if (tags.amenity === 'swimming_pool' || tags.leisure === 'swimming_pool') kind = 'swimming_pool';
  else if (tags.amenity === 'fountain') kind = 'fountain';
  if (!kind) return null;
  const properties: FeatureProperties = { kind, ...nameProperties(tags) };
  if (kindDetail) properties.kind_detail = kindDetail;
  return classification('water', 6, properties);
}

/** Buildings from zoom 14: below it they are specks that would only make tiles heavier. */
export const BUILDING_MIN_ZOOM = 14;

function classifyBuilding(tags: OsmTags): Classification | null {
  if (!isSet(tags.building)) return null;
  const properties: FeatureProperties = { kind: 'building' };
  const height = buildingHeightMeters(tags);
  if (height !== undefined) properties.height = height;
  return classification('buildings', BUILDING_MIN_ZOOM, properties);
}

/** `height` in metres, else three metres a storey. */
export function buildingHeightMeters(tags: OsmTags): number | undefined {
  const height = Number.parseFloat(tags.height ?? '');
  if (Number.isFinite(height) && height > 0) return Math.round(height * 10) / 10;
  const levels = Number.parseFloat(tags['building:levels'] ?? '');
  if (Number.isFinite(levels) && levels > 0) return Math.round(levels * 3);
  return undefined;
}

function classifyLanduse(tags: OsmTags): Classification | null {
  let kind: string | undefined;
  for (const [key, kinds] of Object.entries(LANDUSE_KINDS)) {
    const value = tags[key];
    if (value !== undefined && kinds[value]) {
      kind = kinds[value];
      break;
    }
  }
  if (tags.landuse === 'military' && (tags.military === 'airfield' || tags.military === 'naval_base')) kind = tags.military;
  if ((tags.highway === 'pedestrian' || tags.highway === 'footway') && tags.area === 'yes') kind = 'pedestrian';
  if (!kind) return null;
  return classification('landuse', 6, { kind, ...nameProperties(tags) });
}

interface PlaceClass { kind: string; minZoom: number; population: number }

/** Kind, first zoom and the population assumed when the node has none (the schema's defaults). */
const PLACE_CLASSES: Record<string, PlaceClass> = {
  city: { kind: 'locality', minZoom: 7, population: 5000 },
  town: { kind: 'locality', minZoom: 8, population: 10000 },
  village: { kind: 'locality', minZoom: 10, population: 2000 },
  locality: { kind: 'locality', minZoom: 11, population: 1000 },
  hamlet: { kind: 'locality', minZoom: 11, population: 200 },
  isolated_dwelling: { kind: 'locality', minZoom: 13, population: 100 },
  suburb: { kind: 'neighbourhood', minZoom: 11, population: 0 },
  quarter: { kind: 'macrohood', minZoom: 10, population: 0 },
  neighbourhood: { kind: 'neighbourhood', minZoom: 12, population: 0 },
};

const POPULATION_BREAKS = [1e9, 1e8, 5e7, 2e7, 1e7, 5e6, 1e6, 5e5, 2e5, 1e5, 5e4, 2e4, 1e4, 5000, 2000, 1000, 200, 0];

/** The schema's population rank: 17 for a billion people down to 0; the style sizes labels by it. */
export function populationRank(population: number): number {
  const index = POPULATION_BREAKS.findIndex((threshold) => population >= threshold);
  return index === -1 ? 0 : POPULATION_BREAKS.length - index;
}

/** A named place node (city, town, village, suburb…), or null. */
export function classifyPlace(tags: OsmTags): Classification | null {
  const place = tags.place ? PLACE_CLASSES[tags.place] : undefined;
  if (!place || !tags.name) return null;
  const tagged = Number.parseInt((tags.population ?? '').replace(/[\s,.]/g, ''), 10);
  const population = Number.isFinite(tagged) && tagged > 0 ? tagged : place.population;
  // A town without its population shown a zoom later than one with it, as in the schema.
  const minZoom = Number.isFinite(tagged) || place.kind !== 'locality' ? place.minZoom : place.minZoom + 1;
  const properties: FeatureProperties = {
    kind: place.kind, kind_detail: tags.place!, population, population_rank: populationRank(population), ...nameProperties(tags),
  };
  if (tags.capital === 'yes' || tags.capital === '2') properties.capital = 'yes';
  return classification('places', minZoom, properties);
}

const BOUNDARY_KINDS: Record<number, string> = { 2: 'country', 4: 'region', 6: 'county', 8: 'locality' };

/** The admin levels drawn (country, region, county, commune); others are too many lines for a basemap. */
export function isDrawnAdminLevel(level: number): boolean {
  return BOUNDARY_KINDS[level] !== undefined;
}

/** A boundary line of the given (lowest) admin level. */
export function classifyBoundary(adminLevel: number): Classification {
  const minZoom = adminLevel <= 2 ? 0 : adminLevel <= 4 ? 4 : adminLevel <= 6 ? 8 : 11;
  return classification('boundaries', minZoom, { kind: BOUNDARY_KINDS[adminLevel] ?? 'locality', kind_detail: adminLevel });
}
