/** POST /Appkeys/{key}/extractor/{kind} (SPEC §7): the cities or postcodes of an area, by app key. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXTRACTION_RANGES, extractorBody, extractorParams, type ExtractorResponse } from '@catchment/domain';
import { appKeyRouteConfig, authenticateByAppKey, requireAppKey } from '../appkeys/app-key-auth.js';
import type { AppKeysService } from '../appkeys/app-keys.service.js';
import { requestLocale } from '../http/errors.js';
import type { RouteModule } from '../routes.js';
import { ExtractionsRepository } from './extractions.repository.js';
import { ExtractorService } from './extractor.service.js';

const extractorPlugin: FastifyPluginAsyncZod<{ appKeys: AppKeysService; extractor: ExtractorService }> = async (app, { appKeys, extractor }) => {
  authenticateByAppKey(app, appKeys);
  app.post('/Appkeys/:key/extractor/:kind', {
    schema: {
      tags: ['appkeys'], params: extractorParams, body: extractorBody,
      summary: 'The cities or postcodes an isochrone, a road isodistance or a circle from a start point covers (a demo key: at most 20; a paid key: 100 extractions a month; the 15 most recent kept)',
    },
    config: appKeyRouteConfig,
  }, async (request): Promise<ExtractorResponse> =>
    extractor.extract(requireAppKey(request), request.params.kind, request.body, requestLocale(request)));
};

export const extractorRoutes: RouteModule = async (api, ctx) => {
  const extractor = new ExtractorService({
    store: new ExtractionsRepository(ctx.database.db),
    areas: ctx.areaResolvers,
    divisions: ctx.territories.divisions,
    data: ctx.territories.data,
    range: EXTRACTION_RANGES[ctx.config.extractorRange],
    logFailure: (error) => api.log.error({ err: error }, 'an extraction failed'),
  });
  await api.register(extractorPlugin, { appKeys: ctx.appKeys, extractor });
};
