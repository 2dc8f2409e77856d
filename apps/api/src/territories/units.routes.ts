/**
 * Territorial units (/v2/units): which kinds are loaded, search by name or code, the outlines as
 * vector tiles for the administrative mode, and the covered country at a point. Open data, open to
 * everybody, as the basemap is; except the union of units, which costs real CPU: logged-in users
 * only, rate-limited per user, computed off the event loop and cached (unit-unions.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { labelZoomThreshold, UNIT_KINDS, unitSearchQuery, unitUnionBody, type UnitKindSummary, type UnitSummary } from '@catchment/domain';
import type { CountryLocator } from '@catchment/geodata';
import { z } from 'zod';
import { sendTile } from '../http/tiles.js';
import { clientGone } from '../http/client-gone.js';
import { requireClientId } from '../auth/session.plugin.js';
import type { UnitUnions } from './unit-unions.js';
import type { UnitTileSource } from './unit-tile-source.js';
import type { DataSnapshot, TerritoryData } from './data/territory-data.js';
import type { UnitRow } from './data/territory-repository.js';
import { coveredCountry } from './area-extent.js';
import { lngLatQuery, unitKindParams, unitTileParams } from './territories.schemas.js';

const tags = ['territories'];
/** A tile asked for without the data version (or an older one) changes when an import lands: a short cache. */
const TILE_CACHE_CONTROL = 'public, max-age=300';
/** A tile of the data version named in its URL never changes. */
const VERSIONED_TILE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const tileQuery = z.object({ v: z.coerce.number().int().nonnegative().optional() });
/** Unions per user and minute: a user clicking units in a hurry stays far below (cached unions count too). */
const UNION_RATE_PER_MINUTE = 120;

interface UnitsOptions { data: TerritoryData; tiles: UnitTileSource; countries: CountryLocator; unions: UnitUnions }

export const unitsPlugin: FastifyPluginAsyncZod<UnitsOptions> = async (app, { data, tiles, countries, unions }) => {
  app.get('/v2/units/kinds', {
    schema: { tags, summary: 'The kinds of territorial units loaded, with their counts, sources and label zoom, and the data version (for tile URLs)' },
  }, async () => {
    const snapshot = await data.snapshot();
    return { version: snapshot.version, kinds: kindSummaries(snapshot) };
  });

  app.get('/v2/units/country-at', {
    schema: { tags, summary: 'The covered country (fr, us, gb, be, de, es, at, ca) at a point, else ww', querystring: lngLatQuery },
  }, async (request) => ({ country: coveredCountry(countries.countryAt([request.query.lng, request.query.lat])) }));

  app.get('/v2/units/:kind/search', {
    schema: { tags, summary: 'Units of a kind by code prefix or name', params: unitKindParams, querystring: unitSearchQuery },
  }, async (request) => {
    const found = await data.units.search(request.params.kind, request.query.q, request.query.limit);
    const parentNames = await data.units.parentNames(found);
    return { units: found.map((unit) => unitSummary(unit, parentNames)) };
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
  }, async (request, reply) => ({ geometry: await unions.union(request.params.kind, request.body.codes, clientGone(reply)) }));

  app.get('/v2/units/:kind/tiles/:z/:x/:y.pbf', {
    schema: {
      tags,
      summary: 'Vector tile of a kind of unit: layer `units` (outlines or points) and `labels` (204 when empty); with ?v=<data version> it is cached as immutable',
      params: unitTileParams, querystring: tileQuery,
    },
  }, async (request, reply) => {
    const { kind, z, x, y } = request.params;
    const built = await tiles.tile(kind, z, x, y);
    return sendTile(request, reply, built.tile, request.query.v === built.version ? VERSIONED_TILE_CACHE_CONTROL : TILE_CACHE_CONTROL);
  });
};

function kindSummaries(snapshot: DataSnapshot): UnitKindSummary[] {
  return snapshot.kinds.filter((summary) => UNIT_KINDS[summary.kind]).map((summary) => ({
    kind: summary.kind,
    country: UNIT_KINDS[summary.kind].country,
    labelZoom: labelZoomThreshold(summary.kind),
    units: summary.units,
    geometry: summary.points === 0 ? 'polygon' : summary.points === summary.units ? 'point' : 'mixed',
    sources: summary.sources,
  }));
}

function unitSummary(unit: UnitRow, parentNames: Map<string, string>): UnitSummary {
  const parentName = parentNames.get(`${unit.parentKind}|${unit.parentCode}`);
  return {
    kind: unit.kind,
    code: unit.code,
    name: unit.name,
    ...(parentName ? { parentName } : {}),
    geometry: unit.isPoint ? 'point' : 'polygon',
    bbox: unit.bbox,
  };
}
