/**
 * The territorial calls made with an app key (SPEC §7 Appkeys: GET cities, postcode, iris, stats,
 * the outline tiles extractor/tiles/outlines/{kind}/{z}/{x}/{y}.pbf, and POST xlsxreport/generic):
 * what /v2/units and the census export offer the map, for a partner's page or script. Units and
 * outlines are open data, as on the map; census figures (`stats`, the census workbook of areas of
 * the account's maps) come under the plan of the key's account, as the census tab does.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appKeyCensusWorkbookBody, appKeyParam, appKeyStatsQuery, appKeyUnitSearchQuery, FEATURES, translate, UNIT_KINDS, unitKindParam,
  type AppKeyStatsAnswer, type AppKeyUnitSearch, type AppKeyUnitsAnswer,
} from '@catchment/domain';
import { appKeyRouteConfig, authenticateByAppKey, requireAppKey } from '../appkeys/app-key-auth.js';
import type { AppKeysService } from '../appkeys/app-keys.service.js';
import type { ComputePool } from '../compute/compute-pool.js';
import { attachment, fileNameFrom, XLSX_TYPE } from '../http/attachment.js';
import { requestLocale } from '../http/errors.js';
import { sendTile } from '../http/tiles.js';
import { requireFeatures } from '../plans/plan-access.js';
import { censusOfAreas, type AreaCensusServices } from './area-census.js';
import type { TerritoryData } from './data/territory-data.js';
import { tileParams } from './territories.schemas.js';
import type { UnitTileSource } from './unit-tile-source.js';

const tags = ['appkeys'];
const SEARCH_SUMMARIES: Record<AppKeyUnitSearch, string> = {
  cities: 'Cities by code prefix or name (fr_cities unless `kind` names another kind of city)',
  postcode: 'Postcodes by code prefix or name (fr_postcodes unless `kind` names another kind of postcode)',
  iris: 'French IRIS by code prefix or name',
};
const keyedTileParams = tileParams({ ...appKeyParam.shape, kind: unitKindParam });
/** Tiles change only with an import: a partner's page may keep them for a while. */
const TILE_CACHE_CONTROL = 'public, max-age=300';

interface TerritoryAppKeyOptions { appKeys: AppKeysService; data: TerritoryData; tiles: UnitTileSource; census: AreaCensusServices; compute: ComputePool }

export const territoryAppKeyPlugin: FastifyPluginAsyncZod<TerritoryAppKeyOptions> = async (app, { appKeys, data, tiles, census, compute }) => {
  authenticateByAppKey(app, appKeys);

  for (const search of Object.keys(SEARCH_SUMMARIES) as AppKeyUnitSearch[]) {
    app.get(`/Appkeys/:key/${search}`, {
      schema: { tags, summary: SEARCH_SUMMARIES[search], params: appKeyParam, querystring: appKeyUnitSearchQuery(search) },
      config: appKeyRouteConfig,
    }, async (request): Promise<AppKeyUnitsAnswer> => {
      requireAppKey(request);
      const { kind, q, limit } = request.query;
      const found = await data.units.search(kind, q, limit);
      const parentNames = await data.units.parentNames(found);
      return {
        items: found.map((unit) => {
          const parentName = parentNames.get(`${unit.parentKind}|${unit.parentCode}`);
          return { kind: unit.kind, code: unit.code, name: unit.name, ...(parentName ? { parentName } : {}), bbox: unit.bbox };
        }),
      };
    });
  }

  app.get('/Appkeys/:key/stats', {
    schema: { tags, summary: 'The census figures of units of a kind, by their codes (PRO, as the census tab)', params: appKeyParam, querystring: appKeyStatsQuery },
    config: appKeyRouteConfig,
  }, async (request): Promise<AppKeyStatsAnswer> => {
    const key = requireAppKey(request);
    const { kind, codes } = request.query;
    requireFeatures(key.access, FEATURES.census(UNIT_KINDS[kind].country));
    const found = new Map((await data.units.unitsByCode(kind, codes)).map((unit) => [unit.code, unit]));
    return {
      kind,
      items: codes.flatMap((code) => {
        const unit = found.get(code);
        return unit ? [{ code, name: unit.name, measures: unit.measures }] : [];
      }),
      missing: codes.filter((code) => !found.has(code)),
    };
  });

  app.post('/Appkeys/:key/xlsxreport/generic', {
    schema: { tags, summary: "The census workbook of areas of the account's maps (a row per area and measure; PRO)", params: appKeyParam, body: appKeyCensusWorkbookBody },
    config: appKeyRouteConfig,
  }, async (request, reply) => {
    const key = requireAppKey(request);
    const locale = requestLocale(request);
    const { mapId, areaIds, country, name } = request.body;
    const { areas, figures } = await censusOfAreas(census, {
      clientId: key.clientId, locale, mapId, areaIds, country,
      onFailure: (area, error) => request.log.error({ err: error, areaId: area.uuid }, 'census computation failed'),
    });
    const workbook = await compute.censusWorkbook(areas.map((area, i) => ({ areaLabel: area.label || area.uuid, measures: figures[i]! })), locale);
    const fileName = name ?? `${areas.length === 1 ? areas[0]!.label || areas[0]!.uuid : translate(locale, 'maps.defaultTitle')} - census`;
    return reply.type(XLSX_TYPE).header('content-disposition', attachment(fileNameFrom(fileName, 'xlsx', 'census'))).send(workbook);
  });

  app.get('/Appkeys/:key/extractor/tiles/outlines/:kind/:z/:x/:y.pbf', {
    schema: { tags, summary: 'Vector tile of the outlines of a kind of unit (layers `units` and `labels`; 204 when empty)', params: keyedTileParams },
    config: appKeyRouteConfig,
  }, async (request, reply) => {
    requireAppKey(request);
    const { kind, z, x, y } = request.params;
    const built = await tiles.tile(kind, z, x, y);
    return sendTile(request, reply, built.tile, TILE_CACHE_CONTROL);
  });
};
