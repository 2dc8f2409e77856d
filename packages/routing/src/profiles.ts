import { ROUTING_MODES, type RoutingMode } from './modes.js';

type Tags = Readonly<Record<string, string>>;

/** Speeds in km/h along and against the way's drawing direction; 0 means the mode may not use it. */
export interface DirectionalSpeed {
  forward: number;
  backward: number;
}

export type WaySpeeds = Record<RoutingMode, DirectionalSpeed>;

/** Free-flow car speeds by highway class, when no maxspeed is tagged (km/h). */
const CAR_SPEEDS: Record<string, number> = {
  motorway: 110, motorway_link: 60, trunk: 90, trunk_link: 50, primary: 70, primary_link: 50,
  secondary: 60, secondary_link: 45, tertiary: 50, tertiary_link: 40, unclassified: 40, road: 30,
  residential: 30, living_street: 10, service: 15,
};

/** Cruising bicycle speeds (km/h); footways and pedestrian zones are pushed at walking pace. */
const BIKE_SPEEDS: Record<string, number> = {
  cycleway: 18, primary: 18, primary_link: 18, secondary: 18, secondary_link: 18, tertiary: 18,
  tertiary_link: 18, unclassified: 16, road: 16, residential: 16, living_street: 12, service: 14,
  track: 12, path: 12, bridleway: 8, footway: 5, pedestrian: 5,
};

/** Classes a pedestrian may use by default: everything but motorways and trunk roads. */
const WALK_CLASSES = new Set([
  'primary', 'primary_link', 'secondary', 'secondary_link', 'tertiary', 'tertiary_link', 'unclassified', 'road',
  'residential', 'living_street', 'service', 'track', 'path', 'footway', 'pedestrian', 'cycleway', 'steps',
  'bridleway', 'corridor', 'platform',
]);
const WALK_SPEED = 5;
const STEPS_SPEED = 2.5;

interface TruckRules {
  /** Weight (t), height, length (m) of the vehicle, compared with maxweight, maxheight, maxlength. */
  weight: number;
  height: number;
  length: number;
  /** Highest speed by class (km/h), applied on top of the car speed. */
  maxSpeed: (highway: string) => number;
  /** Classes a truck of that size avoids altogether. */
  forbiddenClasses: ReadonlySet<string>;
}

const TRUCK: TruckRules = {
  weight: 7.5, height: 3.5, length: 10,
  maxSpeed: (highway) => (highway.startsWith('motorway') ? 90 : highway.startsWith('trunk') ? 80 : 70),
  forbiddenClasses: new Set(['living_street']),
};
const HEAVY_TRUCK: TruckRules = {
  weight: 40, height: 4, length: 18.75,
  maxSpeed: (highway) => (highway.startsWith('motorway') ? 80 : highway.startsWith('trunk') ? 70 : 60),
  forbiddenClasses: new Set(['living_street', 'service']),
};

/** Access values that let a mode through (the last word along its access hierarchy wins). */
const GRANTING = new Set(['yes', 'designated', 'permissive', 'destination', 'delivery', 'customers', 'official']);
const DENYING = new Set(['no', 'private', 'agricultural', 'forestry', 'use_sidepath', 'agricultural;forestry', 'emergency']);

/** From general to specific: the most specific tag present decides (OSM access hierarchy). */
const ACCESS_KEYS: Record<RoutingMode, readonly string[]> = {
  car: ['access', 'vehicle', 'motor_vehicle', 'motorcar'],
  truck: ['access', 'vehicle', 'motor_vehicle', 'goods', 'hgv'],
  heavy_truck: ['access', 'vehicle', 'motor_vehicle', 'goods', 'hgv'],
  bike: ['access', 'vehicle', 'bicycle'],
  walk: ['access', 'foot'],
};

/** Highway values that are not usable roads, whatever their access tags say. */
const NOT_ROADS = new Set(['construction', 'proposed', 'abandoned', 'razed', 'disused', 'raceway', 'bus_guideway', 'escape']);

const NO_WAY: DirectionalSpeed = { forward: 0, backward: 0 };

/** Per-mode speeds of an OSM way, or null when no mode may use it (not a road, ferry, construction…). */
export function waySpeeds(tags: Tags): WaySpeeds | null {
  const highway = tags.highway;
  if (!highway || NOT_ROADS.has(highway) || (tags.area === 'yes' && highway !== 'pedestrian')) return null;
  const speeds = {} as WaySpeeds;
  let any = false;
  for (const mode of ROUTING_MODES) {
    const speed = modeSpeed(mode, highway, tags);
    const directional = speed > 0 ? applyOneway(mode, highway, tags, speed) : NO_WAY;
    speeds[mode] = directional;
    if (directional.forward > 0 || directional.backward > 0) any = true;
  }
  return any ? speeds : null;
}

function modeSpeed(mode: RoutingMode, highway: string, tags: Tags): number {
  const access = accessDecision(mode, tags);
  if (access === false) return 0;
  switch (mode) {
    case 'car':
      return carSpeed(highway, tags, access === true);
    case 'truck':
      return truckSpeed(TRUCK, highway, tags, access === true);
    case 'heavy_truck':
      return truckSpeed(HEAVY_TRUCK, highway, tags, access === true);
    case 'bike':
      return bikeSpeed(highway, tags, access === true);
    case 'walk':
      if (highway === 'steps') return STEPS_SPEED;
      return WALK_CLASSES.has(highway) || access === true ? WALK_SPEED : 0;
  }
}

/** true: explicitly allowed, false: explicitly denied, undefined: the class decides. */
function accessDecision(mode: RoutingMode, tags: Tags): boolean | undefined {
  let decision: boolean | undefined;
  for (const key of ACCESS_KEYS[mode]) {
    const value = tags[key];
    if (value === undefined) continue;
    if (GRANTING.has(value)) decision = true;
    else if (DENYING.has(value)) decision = false;
  }
  return decision;
}

function carSpeed(highway: string, tags: Tags, explicitlyAllowed: boolean): number {
  const classSpeed = CAR_SPEEDS[highway] ?? (explicitlyAllowed && highway === 'track' ? 15 : 0);
  if (classSpeed === 0) return 0;
  const tagged = parseMaxspeed(tags.maxspeed);
  // Traffic rarely flows at the posted limit: 90 % of it, never above the class's free-flow speed by more than a third.
  return tagged ? Math.min(tagged * 0.9, classSpeed * 1.34) : classSpeed;
}

function truckSpeed(rules: TruckRules, highway: string, tags: Tags, explicitlyAllowed: boolean): number {
  if (rules.forbiddenClasses.has(highway) && !explicitlyAllowed) return 0;
  if (exceeds(tags.maxweight, rules.weight) || exceeds(tags['maxweight:hgv'], rules.weight)) return 0;
  if (exceeds(tags.maxheight, rules.height) || exceeds(tags.maxlength, rules.length)) return 0;
  const car = carSpeed(highway, tags, explicitlyAllowed);
  const hgvLimit = parseMaxspeed(tags['maxspeed:hgv']);
  return Math.min(car, rules.maxSpeed(highway), hgvLimit ?? Infinity);
}

function bikeSpeed(highway: string, tags: Tags, explicitlyAllowed: boolean): number {
  if (highway === 'motorway' || highway === 'motorway_link' || highway === 'trunk' || highway === 'trunk_link') {
    return explicitlyAllowed ? 18 : 0;
  }
  if ((highway === 'footway' || highway === 'pedestrian') && explicitlyAllowed) return 14;
  if (highway === 'steps') return 0;
  return BIKE_SPEEDS[highway] ?? 0;
}

/** True when a numeric restriction (t or m; "3.5", "3.5 t", "12'6\"") is below the vehicle's figure. */
function exceeds(limit: string | undefined, vehicle: number): boolean {
  if (!limit) return false;
  const feet = /^(\d+)'(?:(\d+)")?$/.exec(limit.trim());
  const value = feet ? Number(feet[1]) * 0.3048 + Number(feet[2] ?? 0) * 0.0254 : parseFloat(limit.replace(',', '.'));
  return Number.isFinite(value) && value > 0 && value < vehicle;
}

/** Zone values used instead of a number (km/h). */
const ZONE_SPEEDS: Record<string, number> = {
  urban: 50, rural: 90, motorway: 130, trunk: 110, living_street: 7, walk: 6, none: 130, zone30: 30, 'zone:30': 30,
};

/** Parses maxspeed: "50", "30 mph", "DE:urban", "none", "walk"; undefined when unknown. */
export function parseMaxspeed(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const text = value.trim().toLowerCase();
  const number = /^(\d+(?:\.\d+)?)\s*(mph|km\/h|kmh)?$/.exec(text);
  if (number) return Number(number[1]) * (number[2] === 'mph' ? 1.609344 : 1);
  const zone = text.includes(':') ? text.slice(text.indexOf(':') + 1) : text;
  return ZONE_SPEEDS[zone] ?? ZONE_SPEEDS[text];
}

/** Applies oneway rules: walkers ignore them; cyclists may be exempted (oneway:bicycle=no, contraflow cycleways). */
function applyOneway(mode: RoutingMode, highway: string, tags: Tags, speed: number): DirectionalSpeed {
  if (mode === 'walk') return { forward: speed, backward: speed };
  const direction = onewayDirection(mode, highway, tags);
  if (direction === 1) return { forward: speed, backward: 0 };
  if (direction === -1) return { forward: 0, backward: speed };
  return { forward: speed, backward: speed };
}

function onewayDirection(mode: RoutingMode, highway: string, tags: Tags): 0 | 1 | -1 {
  const specific = mode === 'bike' ? tags['oneway:bicycle'] : undefined;
  if (mode === 'bike') {
    if (specific === 'no' || tags.cycleway?.startsWith('opposite') || tags['cycleway:left'] === 'opposite_lane') return 0;
  }
  const value = specific ?? tags.oneway;
  if (value === 'yes' || value === 'true' || value === '1') return 1;
  if (value === '-1' || value === 'reverse') return -1;
  if (value === 'no' || value === 'false' || value === '0') return 0;
  if (tags.junction === 'roundabout' || tags.junction === 'circular') return 1;
  if (mode !== 'bike' && (highway === 'motorway' || highway === 'motorway_link')) return 1;
  if (highway === 'motorway') return 1;
  return 0;
}
