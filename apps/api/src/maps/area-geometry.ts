/**
 * Turns a create-area request into the geometry to store. Each way of making an area ("recipe") has
 * its resolver in a registry; the maps code only asks the registry, so new kinds are plugged in
 * from outside without touching it. Built-in: drawn polygons (kept as given) and circles (computed
 * here from centre and radius). Anything without a resolver answers 422 'Area cannot be calculated'.
 *
 * Extension point — at start-up, with the AppContext:
 *
 *   ctx.areaResolvers.register('routed', async (area, { locale }) => engine.isochrone(area, locale));
 *   ctx.areaResolvers.register('administrative', { resolve: (area) => unionOfUnits(area) });
 *
 * A resolver that cannot compute an area should throw `areaCannotBeCalculated()` (or a DomainError
 * of its own with a more precise message).
 */
import { circlePolygon, DomainError, type AreaGeometry, type CreateArea, type Locale } from '@catchment/domain';

/** How an area is made; the key under which its resolver is registered. */
export const AREA_RECIPES = ['polygon', 'circle', 'routed', 'administrative'] as const;
export type AreaRecipe = (typeof AREA_RECIPES)[number];

export interface AreaGeometryContext { locale: Locale }

export interface AreaGeometryResolver {
  resolve(area: CreateArea, ctx: AreaGeometryContext): Promise<AreaGeometry>;
}
export type AreaGeometryResolveFunction = AreaGeometryResolver['resolve'];

/**
 * polygon: drawn or combined (union, difference) areas, whatever their other fields;
 * circle: an isodistance 'as the crow flies'; routed: isochrones and road isodistances;
 * administrative: unions of territories.
 */
export function areaRecipe(area: CreateArea): AreaRecipe {
  switch (area.isoMode) {
    case 'polygon': return 'polygon';
    case 'administrative': return 'administrative';
    case 'isodistance': return area.transportMode === 'circle' ? 'circle' : 'routed';
    case 'isochrone': return 'routed';
  }
}

export const areaCannotBeCalculated = (details?: unknown) => new DomainError('areaCannotBeCalculated', { details });

const polygonResolver: AreaGeometryResolver = {
  async resolve(area) {
    // The request schema requires a geometry in polygon mode; this guards callers that skip it.
    if (!area.geometry) throw areaCannotBeCalculated();
    return area.geometry;
  },
};

const circleResolver: AreaGeometryResolver = {
  async resolve(area) {
    if (!area.startPoint || area.distance === undefined) throw areaCannotBeCalculated();
    return circlePolygon(area.startPoint, area.distance);
  },
};

export class AreaGeometryResolvers {
  private readonly resolvers = new Map<AreaRecipe, AreaGeometryResolver>([
    ['polygon', polygonResolver],
    ['circle', circleResolver],
  ]);

  /** Adds or replaces the resolver of a recipe. */
  register(recipe: AreaRecipe, resolver: AreaGeometryResolver | AreaGeometryResolveFunction): void {
    this.resolvers.set(recipe, typeof resolver === 'function' ? { resolve: resolver } : resolver);
  }

  /** The geometry of a new area, or a 422 AREA_CANNOT_BE_CALCULATED when no resolver knows how to make it. */
  resolve(area: CreateArea, ctx: AreaGeometryContext): Promise<AreaGeometry> {
    const resolver = this.resolvers.get(areaRecipe(area));
    if (!resolver) return Promise.reject(areaCannotBeCalculated());
    return resolver.resolve(area, ctx);
  }
}
