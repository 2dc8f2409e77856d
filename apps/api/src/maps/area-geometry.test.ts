import { describe, expect, it } from 'vitest';
import { createAreaBody, DomainError, type AreaGeometry, type CreateArea, type PolygonGeometry } from '@catchment/domain';
import { AreaGeometryResolvers, areaRecipe } from './area-geometry.js';

const uuid = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
const square: PolygonGeometry = { type: 'Polygon', coordinates: [[[2, 48], [3, 48], [3, 49], [2, 49], [2, 48]]] };
const area = (fields: Record<string, unknown>): CreateArea => createAreaBody.parse({ uuid, ...fields });
const ctx = { locale: 'en' as const };

describe('areaRecipe', () => {
  it('tells how each kind of area is made', () => {
    expect(areaRecipe(area({ isoMode: 'polygon', geometry: square }))).toBe('polygon');
    expect(areaRecipe(area({ isoMode: 'isodistance', transportMode: 'circle', startPoint: [2, 48], distance: 1000 }))).toBe('circle');
    expect(areaRecipe(area({ isoMode: 'isodistance', transportMode: 'car', startPoint: [2, 48], distance: 1000 }))).toBe('routed');
    expect(areaRecipe(area({ isoMode: 'isochrone', transportMode: 'walk', startPoint: [2, 48], duration: 600 }))).toBe('routed');
    expect(areaRecipe(area({ isoMode: 'administrative', unitKind: 'fr_cities', unitCodes: ['75056'] }))).toBe('administrative');
  });
});

describe('AreaGeometryResolvers', () => {
  it('keeps a drawn polygon as given and computes a circle', async () => {
    const resolvers = new AreaGeometryResolvers();
    expect(await resolvers.resolve(area({ isoMode: 'polygon', geometry: square }), ctx)).toEqual(square);
    const circle = await resolvers.resolve(area({ isoMode: 'isodistance', transportMode: 'circle', startPoint: [2, 48], distance: 1000 }), ctx);
    expect(circle.type).toBe('Polygon');
    expect((circle as PolygonGeometry).coordinates[0]!.length).toBeGreaterThanOrEqual(64);
  });

  it('answers 422 AREA_CANNOT_BE_CALCULATED for a kind nobody registered', async () => {
    const resolvers = new AreaGeometryResolvers();
    const isochrone = area({ isoMode: 'isochrone', transportMode: 'car', startPoint: [2, 48], duration: 600 });
    const error = await resolvers.resolve(isochrone, ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'areaCannotBeCalculated', code: 'AREA_CANNOT_BE_CALCULATED', messageKey: 'errors.areaCannotBeCalculated' });
  });

  it('uses a registered resolver, given as a function or an object, with the request locale', async () => {
    const resolvers = new AreaGeometryResolvers();
    const seen: string[] = [];
    resolvers.register('routed', async (a, { locale }) => { seen.push(`${a.isoMode}:${locale}`); return square; });
    resolvers.register('administrative', { resolve: async (): Promise<AreaGeometry> => ({ type: 'MultiPolygon', coordinates: [square.coordinates] }) });
    expect(await resolvers.resolve(area({ isoMode: 'isochrone', transportMode: 'car', startPoint: [2, 48], duration: 600 }), { locale: 'fr' })).toEqual(square);
    expect(seen).toEqual(['isochrone:fr']);
    expect((await resolvers.resolve(area({ isoMode: 'administrative', unitKind: 'fr_cities', unitCodes: ['75056'] }), ctx)).type).toBe('MultiPolygon');
  });
});
