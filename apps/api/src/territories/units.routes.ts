/**
 * Territorial units (/v2/units): which kinds are loaded, search by name or code, the outlines as
 * vector tiles for the administrative mode, and the covered country at a point. Open data, open to
 * everybody, as the basemap is; except the union of units, which costs real CPU: logged-in users
 * only, rate-limited per user, computed off the event loop and cached (unit-unions.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { labelZoomThreshold, UNIT_KINDS, unitSearchQuery, unitUnionBody, type UnitKindSummary, type UnitSummary } from '@catchment/domain';
import type { CountryLocator, IndexedUnit, TerritoryIndex, TerritoryStore } from '@catchment/geodata';
import { sendTile } from '../http/tiles.js';
import { requireClientId } from '../auth/session.plugin.js';
import type { UnitUnions } from './unit-unions.js';
import { coveredCountry } from './area-extent.js';
import { lngLatQuery, unitKindParams, unitTileParams } from './territories.schemas.js';

const tags = ['territories'];
/** Tiles change when an import lands; a short cache keeps the map fresh without refetching on every pan. */
const TILE_CACHE_CONTROL = 'public, max-age=300';
/** Unions per user and minute: a user clicking units in a hurry stays far below (cached unions count too). */
const UNION_RATE_PER_MINUTE = 120;

export const unitsPlugin: FastifyPluginAsyncZod<{ territories: TerritoryStore; countries: CountryLocator; unions: UnitUnions }> = async (app, { territories, countries, unions }) => {
  app.get('/v2/units/kinds', {
    schema: { tags, summary: 'The kinds of territorial units loaded, with their counts, sources and label zoom' },
  }, async () => ({ kinds: kindSummaries(territories.index) }));

  app.get('/v2/units/country-at', {
    schema: { tags, summary: 'The covered country (fr, us, gb, be, de, es, at, ca) at a point, else ww', querystring: lngLatQuery },
  }, async (request) => ({ country: coveredCountry(countries.countryAt([request.query.lng, request.query.lat])) }));

  app.get('/v2/units/:kind/search', {
    schema: { tags, summary: 'Units of a kind by code prefix or name', params: unitKindParams, querystring: unitSearchQuery },
  }, async (request) => {
    const index = territories.index;
    return { units: index.search(request.params.kind, request.query.q, request.query.limit).map((unit) => unitSummary(index, unit)) };
  });

  app.post('/v2/units/:kind/union', {
    schema: {
      tags,
      summary: 'The union of the boundaries of units (the administrative mode\'s preview), for logged-in users; 422 for unknown, point-only or too many units',
      params: unitKindParams, body: unitUnionBody,
    },
    // Checked before the rate limit so that anonymous calls are refused without touching a counter.
    onRequest: async (request) => { requireClientId(request); },
    config: { rateLimit: { max: UNION_RATE_PER_MINUTE, timeWindow: '1 minute', keyGenerator: (request) => `union:${request.session?.clientId}` } },
  }, async (request) => ({ geometry: await unions.union(request.params.kind, request.body.codes) }));

  app.get('/v2/units/:kind/tiles/:z/:x/:y.pbf', {
    schema: { tags, summary: 'Vector tile of a kind of unit: layer `units` (outlines or points) and `labels` (204 when empty)', params: unitTileParams },
  }, async (request, reply) => {
    const { kind, z, x, y } = request.params;
    return sendTile(request, reply, territories.tiles(kind)?.tile(z, x, y) ?? null, TILE_CACHE_CONTROL);
  });
};

function kindSummaries(index: TerritoryIndex): UnitKindSummary[] {
  return index.kinds().map((summary) => ({
    kind: summary.kind,
    country: UNIT_KINDS[summary.kind].country,
    labelZoom: labelZoomThreshold(summary.kind),
    units: summary.units,
    geometry: summary.points === 0 ? 'polygon' : summary.polygons === 0 ? 'point' : 'mixed',
    sources: summary.sources,
  }));
}

export function unitSummary(index: TerritoryIndex, unit: IndexedUnit): UnitSummary {
  const parentName = index.parentOf(unit)?.name;
  return {
    kind: unit.kind,
    code: unit.code,
    name: unit.name,
    ...(parentName ? { parentName } : {}),
    geometry: unit.geometry.type === 'Point' ? 'point' : 'polygon',
    bbox: unit.bbox,
  };
}
