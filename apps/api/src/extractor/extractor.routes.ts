/**
 * The extractor's calls by app key (SPEC §7): POST extractor/{kind}, the cities or postcodes of an
 * area drawn from a start point; POST xlsxreport/demo/{kind}/sync, those of areas of the account's
 * maps as an XLSX workbook (the divisions export's, one kind), under the same limits.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appKeyAreasBody, EXTRACTION_RANGES, extractorBody, extractorParams, translate, UNIT_KINDS, type ExtractorResponse } from '@catchment/domain';
import { appKeyRouteConfig, authenticateByAppKey, requireAppKey } from '../appkeys/app-key-auth.js';
import type { AppKeysService } from '../appkeys/app-keys.service.js';
import type { ComputePool } from '../compute/compute-pool.js';
import { attachment, fileNameFrom, XLSX_TYPE } from '../http/attachment.js';
import { requestLocale } from '../http/errors.js';
import { MapStore } from '../maps/map-store.js';
import type { RouteModule } from '../routes.js';
import { ExtractionsRepository } from './extractions.repository.js';
import { ExtractorService } from './extractor.service.js';

const tags = ['appkeys'];

interface ExtractorOptions { appKeys: AppKeysService; extractor: ExtractorService; compute: ComputePool }

const extractorPlugin: FastifyPluginAsyncZod<ExtractorOptions> = async (app, { appKeys, extractor, compute }) => {
  authenticateByAppKey(app, appKeys);
  app.post('/Appkeys/:key/extractor/:kind', {
    schema: {
      tags, params: extractorParams, body: extractorBody,
      summary: 'The cities or postcodes an isochrone, a road isodistance or a circle from a start point covers (a demo key: at most 20; a paid key: 100 extractions a month; the 15 most recent kept)',
    },
    config: appKeyRouteConfig,
  }, async (request): Promise<ExtractorResponse> =>
    extractor.extract(requireAppKey(request), request.params.kind, request.body, requestLocale(request)));

  app.post('/Appkeys/:key/xlsxreport/demo/:kind/sync', {
    schema: {
      tags, params: extractorParams, body: appKeyAreasBody,
      summary: "The cities or postcodes areas of the account's maps cover, as an XLSX workbook (one extraction; a demo key: at most 20 rows)",
    },
    config: appKeyRouteConfig,
  }, async (request, reply) => {
    const locale = requestLocale(request);
    const { kind } = request.params;
    const { areas, rows } = await extractor.extractAreas(requireAppKey(request), kind, request.body.mapId, request.body.areaIds);
    const workbook = await compute.divisionsWorkbook(areas.map((area, i) => ({
      areaLabel: area.label || area.uuid,
      divisions: { areaId: area.uuid, country: UNIT_KINDS[kind].country, divisions: [{ kind, rows: rows[i]! }] },
    })), locale);
    const name = request.body.name ?? `${areas.length === 1 ? areas[0]!.label || areas[0]!.uuid : translate(locale, 'maps.defaultTitle')} - ${translate(locale, `unitKinds.${kind}`)}`;
    return reply.type(XLSX_TYPE).header('content-disposition', attachment(fileNameFrom(name, 'xlsx', 'extraction'))).send(workbook);
  });
};

export const extractorRoutes: RouteModule = async (api, ctx) => {
  const extractor = new ExtractorService({
    store: new ExtractionsRepository(ctx.database.db),
    maps: new MapStore(ctx.database.db),
    areas: ctx.areaResolvers,
    divisions: ctx.territories.divisions,
    data: ctx.territories.data,
    range: EXTRACTION_RANGES[ctx.config.extractorRange],
    logFailure: (error) => api.log.error({ err: error }, 'an extraction failed'),
  });
  await api.register(extractorPlugin, { appKeys: ctx.appKeys, extractor, compute: ctx.compute });
};
