/**
 * Country borders from the extract itself. The world locator's Natural Earth 1:50m shapes are off
 * by hundreds of metres to kilometres: in the Liechtenstein extract they put 90 of its 568 POIs in
 * Austria or Switzerland, in Andorra's the hypermarket of Pas de la Casa in France. An extract
 * holds OpenStreetMap's own border of the country it was cut for (`boundary=administrative`,
 * `admin_level=2`, `ISO3166-1=LI`), exact to the metre: where it is whole, or lacks only a short
 * stretch (closed by a straight line), it decides; the world locator answers elsewhere, never with
 * a country whose exact border says no.
 */
import type { MultiPolygon } from 'geojson';
import { joinWays } from '../../basemap/osm/join-ways.js';
import { assembleMultipolygon, closeRing, type NodePositionsLookup, type OsmMember, type WayRefsLookup } from '../../basemap/osm/multipolygon.js';
import type { Position } from '../../basemap/osm/ring-geometry.js';
import { COAST_TOLERANCE_METERS, distanceToRingsMeters, type CountryLocator } from '../../countries/country-locator.js';
import { containsPoint, prepareArea, type PreparedArea } from '../../territories/area-overlap.js';
import type { OsmTags } from './osm-poi-tags.js';

/** A border that lacks ways is still used when it lacks at most this share of its outer ways… */
const MAX_MISSING_WAY_SHARE = 0.2;
/** …and the straight line closing it is at most this share of the border's known length. */
const MAX_GAP_SHARE = 0.1;

export interface CountryBorder {
  code: string;
  polygons: Position[][][];
  /** True when the border was closed over ways the extract lacks. */
  closedOverGap: boolean;
}

interface BorderRelation { code: string; members: readonly OsmMember[] }

/** Keeps the country border relations an extract holds, to build once every way has been read. */
export class ExtractBorderCollector {
  private readonly relations: BorderRelation[] = [];

  relation(members: readonly OsmMember[], tags: OsmTags): void {
    if (tags.boundary !== 'administrative' || tags.admin_level !== '2') return;
    const code = (tags['ISO3166-1'] ?? tags['ISO3166-1:alpha2'])?.trim().toLowerCase();
    if (code && /^[a-z]{2}$/.test(code)) this.relations.push({ code, members: members.filter((member) => member.type === 'way') });
  }

  /** The borders that can be built, one per country (a whole relation preferred to a closed one). */
  borders(wayRefs: WayRefsLookup, positions: NodePositionsLookup): CountryBorder[] {
    const byCode = new Map<string, CountryBorder>();
    for (const relation of this.relations) {
      const border = buildBorder(relation, wayRefs, positions);
      if (!border) continue;
      const known = byCode.get(relation.code);
      if (!known || (known.closedOverGap && !border.closedOverGap)) byCode.set(relation.code, border);
      else if (known.closedOverGap === border.closedOverGap) known.polygons.push(...border.polygons);
    }
    return [...byCode.values()];
  }
}

function buildBorder(relation: BorderRelation, wayRefs: WayRefsLookup, positions: NodePositionsLookup): CountryBorder | null {
  const outer = relation.members.filter((member) => member.role !== 'inner');
  if (outer.length === 0) return null;
  const known = outer.flatMap((member) => {
    const refs = wayRefs(member.ref);
    return refs ? [refs] : [];
  });
  const joined = joinWays(known);
  const missing = outer.length - known.length;
  if (missing === 0) {
    const polygons = assembleMultipolygon(relation.members, wayRefs, positions);
    return polygons.length > 0 && joined.open.length === 0 ? { code: relation.code, polygons, closedOverGap: false } : null;
  }
  if (missing / outer.length > MAX_MISSING_WAY_SHARE) return null;
  // The known ways must join into one chain, with no other loose end, whose ends are close.
  if (joined.open.length !== 1) return null;
  const chain = positions(joined.open[0]!);
  if (chain.length < 3 || distance(chain[0]!, chain.at(-1)!) > MAX_GAP_SHARE * length(chain)) return null;
  const rings = [closeRing(chain), ...joined.rings.map(positions).filter((ring) => ring.length >= 4).map(closeRing)];
  return { code: relation.code, polygons: rings.map((ring) => [ring]), closedOverGap: true };
}

/** Planar length in degrees, longitude scaled by the latitude: enough to compare two lengths. */
function length(line: Position[]): number {
  let sum = 0;
  for (let i = 1; i < line.length; i++) sum += distance(line[i - 1]!, line[i]!);
  return sum;
}

function distance(a: Position, b: Position): number {
  const kx = Math.cos((((a[1] + b[1]) / 2) * Math.PI) / 180);
  return Math.hypot((a[0] - b[0]) * kx, a[1] - b[1]);
}

/**
 * The country of a position: inside an extract's border, that country; inside another country's
 * shape of the world locator, that one (never a bordered country: its exact border said no); at
 * sea or off a coarse coast, the nearest of the extract's borders and the world's other shapes
 * (Monaco's harbours lie outside its land border, and nearer to it than to France's shape).
 */
export class BorderedCountryLocator {
  private readonly borders: Array<{ code: string; area: PreparedArea; polygons: Position[][][] }>;
  private readonly bordered: ReadonlySet<string>;

  constructor(private readonly world: CountryLocator, borders: readonly CountryBorder[]) {
    this.borders = borders.map((border) => ({
      code: border.code,
      area: prepareArea({ type: 'MultiPolygon', coordinates: border.polygons } satisfies MultiPolygon),
      polygons: border.polygons,
    }));
    this.bordered = new Set(borders.map((border) => border.code));
  }

  countryAt(point: readonly [number, number]): string | undefined {
    for (const border of this.borders) if (containsPoint(border.area, point[0], point[1])) return border.code;
    let best = this.world.nearestCountry(point, this.bordered);
    if (best?.meters === 0) return best.code;
    for (const border of this.borders) {
      for (const polygon of border.polygons) {
        const meters = distanceToRingsMeters(point[0], point[1], polygon);
        if (meters <= COAST_TOLERANCE_METERS && (!best || meters < best.meters)) best = { code: border.code, meters };
      }
    }
    return best?.code;
  }
}
