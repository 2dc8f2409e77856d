/**
 * The analysis panel's census and divisions calls (SPEC §7): figures of a map's areas and their
 * XLSX exports (the census figures; the multi-area comparison, ADVANCED; the IRIS detail, below
 * IRIS_DETAIL_EXPORT_MAX_UNITS), the measure catalogue and its translations, the divisions an area
 * covers and their XLSX export (answered at once, or ordered as a download job).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  censusWidgets, comparisonExportBody, computeMeasuresBody, DomainError, FEATURES, countryQuery, divisionsExportBody, IRIS_DETAIL_EXPORT_MAX_UNITS, irisDetailExportBody,
  mapIdParam, measuresQuery, measureTranslations, searchMeasures, surfaceSquareKilometers, translate,
  type AreaMeasures, type ComputeMeasuresResponse, type Country, type DownloadStarted, type Locale,
} from '@catchment/domain';
import { attachment, fileNameFrom, XLSX_TYPE } from '../http/attachment.js';
import { requestLocale } from '../http/errors.js';
import { requireClientId } from '../auth/session.plugin.js';
import type { Downloads } from '../downloads/downloads.service.js';
import { parseMapRef } from '../maps/map-ref.js';
import { readableMap } from '../maps/map-access.js';
import type { MapStore } from '../maps/map-store.js';
import type { AreaRecord } from '../maps/areas.repository.js';
import { areaDescriptionLines } from '../maps/export/area-description.js';
import type { AreaMeasuresService } from '../measures/area-measures.service.js';
import type { DivisionsService } from './divisions.service.js';
import type { ComputePool } from '../compute/compute-pool.js';
import { censusOfAreas, featureCountry } from './area-census.js';
import { readableAreas } from './map-areas.js';
import type { PlanAccess } from '../plans/plan-access.js';
import { analysisCountryQuery, areaParams } from './territories.schemas.js';

const tags = ['analysis'];

const censusSearchQuery = countryQuery.extend({ q: z.string().trim().max(100).optional() });

interface AnalysisOptions { store: MapStore; measures: AreaMeasuresService; divisions: DivisionsService; compute: ComputePool; plans: PlanAccess; downloads: Downloads }

export const analysisPlugin: FastifyPluginAsyncZod<AnalysisOptions> = async (app, { store, measures, divisions, compute, plans, downloads }) => {
  /** The census figures of the areas asked for by a session's user (area-census.ts). */
  function censusOf(request: FastifyRequest, mapId: string, areaIds: string[], country: Country | undefined, features: string[] = []): Promise<{ areas: AreaRecord[]; figures: AreaMeasures[] }> {
    return censusOfAreas({ store, plans, measures }, {
      clientId: request.session?.clientId, locale: requestLocale(request), mapId, areaIds, country, features,
      onFailure: (area, error) => request.log.error({ err: error, areaId: area.uuid }, 'census computation failed'),
    });
  }

  /** The areas of a divisions export, once the caller may read them and their plan allows the export. */
  async function divisionsExportAreas(clientId: number | undefined, mapId: string, body: DivisionsExportBody): Promise<AreaRecord[]> {
    // One area's divisions are part of the divisions tab; several areas in one file, the multi-area export.
    const features = [FEATURES.divisions(featureCountry(body.country))];
    if (new Set(body.areaIds).size > 1) features.push(FEATURES.multiAreaExport);
    const areas = await readableAreas(store, parseMapRef(mapId), clientId, body.areaIds);
    await plans.require(clientId, ...features);
    return areas;
  }

  /** The divisions export's workbook and file name: answered at once, or written by its download job. */
  async function divisionsExport(clientId: number | undefined, mapId: string, body: DivisionsExportBody, locale: Locale): Promise<{ workbook: Buffer; name: string }> {
    const areas = await divisionsExportAreas(clientId, mapId, body);
    const named = await Promise.all(areas.map(async (area) => ({ areaLabel: areaLabel(area), divisions: await divisions.divisionsOf(area, body.country) })));
    return { workbook: await compute.divisionsWorkbook(named, locale), name: divisionsFileName(areas, locale) };
  }

  await downloads.registerKind<DivisionsDownloadParams>(DIVISIONS_DOWNLOAD_KIND, async ({ mapId, locale, ...body }, work) => {
    const { workbook, name } = await divisionsExport(work.clientId, mapId, body, locale);
    await work.output.save(workbook, { name, contentType: XLSX_TYPE });
  });

  app.post('/v2/maps/:id/measures/compute', {
    schema: { tags, summary: 'Census figures of areas of the map, apportioned over the territorial units they cover', params: mapIdParam, body: computeMeasuresBody },
  }, async (request): Promise<ComputeMeasuresResponse> => {
    const { figures } = await censusOf(request, request.params.id, request.body.areaIds, request.body.country);
    return { areas: figures };
  });

  app.post('/v2/maps/:id/xlsxreport/census', {
    schema: {
      tags, summary: 'XLSX workbook of the census figures of areas (a row per area and measure), the values of measures/compute', params: mapIdParam, body: computeMeasuresBody,
    },
  }, async (request, reply) => {
    const locale = requestLocale(request);
    const { areas, figures } = await censusOf(request, request.params.id, request.body.areaIds, request.body.country);
    const workbook = await compute.censusWorkbook(areas.map((area, i) => ({ areaLabel: areaLabel(area), measures: figures[i]! })), locale);
    const name = areas.length === 1 ? areaLabel(areas[0]!) : translate(locale, 'maps.defaultTitle');
    return reply.type(XLSX_TYPE).header('content-disposition', attachment(fileNameFrom(`${name} - census`, 'xlsx', 'census'))).send(workbook);
  });

  app.post('/v2/maps/:id/xlsxreport/comparison', {
    schema: {
      tags, params: mapIdParam, body: comparisonExportBody,
      summary: 'XLSX workbook comparing areas side by side (a row per census measure, a column pair per area: value and share), the values of measures/compute; ADVANCED (multi-area export)',
    },
  }, async (request, reply) => {
    const locale = requestLocale(request);
    const { areaIds, country, unit } = request.body;
    const { areas, figures } = await censusOf(request, request.params.id, areaIds, country, [FEATURES.multiAreaExport]);
    const workbook = await compute.comparisonWorkbook(areas.map((area, i) => ({
      areaLabel: areaLabel(area), description: areaDescriptionLines(area, { locale, unit }), surfaceKm2: surfaceSquareKilometers(area.geometry), measures: figures[i]!,
    })), locale);
    const name = `${translate(locale, 'maps.defaultTitle')} - comparison`;
    return reply.type(XLSX_TYPE).header('content-disposition', attachment(fileNameFrom(name, 'xlsx', 'comparison'))).send(workbook);
  });

  app.post('/v2/maps/:id/xlsxreport/iris', {
    schema: {
      tags, params: mapIdParam, body: irisDetailExportBody,
      summary: `XLSX workbook of the IRIS the areas cover (a row per IRIS and area: its share inside the area and its census figures); 422 IRIS_DETAIL_TOO_LARGE above ${IRIS_DETAIL_EXPORT_MAX_UNITS} rows`,
    },
  }, async (request, reply) => {
    const locale = requestLocale(request);
    const clientId = request.session?.clientId;
    const areas = await readableAreas(store, parseMapRef(request.params.id), clientId, request.body.areaIds);
    // IRIS are French: their figures are the French census, whatever the data country of the panel.
    await plans.require(clientId, FEATURES.census('fr'));
    const covered = await Promise.all(areas.map((area) => divisions.coveredUnits(area, 'fr', ['fr_iris'])));
    const count = covered.reduce((sum, { units }) => sum + units.length, 0);
    if (count > IRIS_DETAIL_EXPORT_MAX_UNITS) throw new DomainError('irisDetailTooLarge', { details: { count, max: IRIS_DETAIL_EXPORT_MAX_UNITS } });
    const workbook = await compute.irisWorkbook(areas.map((area, i) => ({
      areaLabel: areaLabel(area), iris: covered[i]!.units.map(({ row, measures: figures }) => ({ row, measures: figures })),
    })), locale);
    const name = `${areas.length === 1 ? areaLabel(areas[0]!) : translate(locale, 'maps.defaultTitle')} - IRIS`;
    return reply.type(XLSX_TYPE).header('content-disposition', attachment(fileNameFrom(name, 'xlsx', 'iris'))).send(workbook);
  });

  app.get('/v2/maps/:id/areas/:areaId/divisions', {
    schema: {
      tags, summary: 'The cities, postcodes, IRIS… an area covers, with the share of each inside it', params: areaParams, querystring: analysisCountryQuery,
    },
  }, async (request) => {
    const [area] = await readableAreas(store, parseMapRef(request.params.id), request.session?.clientId, [request.params.areaId]);
    await plans.require(request.session?.clientId, FEATURES.divisions(featureCountry(request.query.country)));
    return await divisions.divisionsOf(area!, request.query.country);
  });

  app.post('/v2/maps/:id/xlsxreport/divisions', {
    schema: {
      tags, params: mapIdParam, body: divisionsExportBody, querystring: asyncExportQuery,
      summary: 'XLSX workbook of the divisions of areas (one sheet per kind of unit); with async=1, ordered as a download job: 202 { jobId }, the file in My downloads',
    },
  }, async (request, reply) => {
    const locale = requestLocale(request);
    const clientId = request.session?.clientId;
    if (request.query.async) {
      const owner = requireClientId(request);
      // Checked now, for a 4xx at once; the job checks again when it runs (access may have changed).
      const areas = await divisionsExportAreas(owner, request.params.id, request.body);
      const params: DivisionsDownloadParams = { mapId: request.params.id, ...request.body, locale };
      const jobId = await downloads.start(owner, DIVISIONS_DOWNLOAD_KIND, params, { title: divisionsFileName(areas, locale) });
      return reply.code(202).send({ jobId } satisfies DownloadStarted);
    }
    const { workbook, name } = await divisionsExport(clientId, request.params.id, request.body, locale);
    return reply.type(XLSX_TYPE).header('content-disposition', attachment(name)).send(workbook);
  });

  app.get('/v2/widgets/census', {
    schema: { tags, summary: 'The census widgets (groups of measures) shown for a country', querystring: countryQuery },
  }, async (request) => ({ country: request.query.country, widgets: censusWidgets(request.query.country, requestLocale(request)) }));

  app.get('/v2/maps/:id/measures_translations', {
    schema: { tags, summary: 'Names of the measures of a country, in the request language', params: mapIdParam, querystring: countryQuery },
  }, async (request) => {
    await readableMap(store, parseMapRef(request.params.id), request.session?.clientId);
    return { translations: measureTranslations(request.query.country, requestLocale(request)) };
  });

  app.get('/v2/maps/:id/measures', {
    schema: { tags, summary: 'Measures usable on the map for a country, filtered by a search key', params: mapIdParam, querystring: measuresQuery },
  }, async (request) => {
    await readableMap(store, parseMapRef(request.params.id), request.session?.clientId);
    return { measures: searchMeasures(request.query.country, request.query.searchKey, requestLocale(request)) };
  });

  app.get('/v2/measures/census/search', {
    schema: { tags, summary: 'Census measures of a country, by name or key', querystring: censusSearchQuery },
  }, async (request) => ({ measures: searchMeasures(request.query.country, request.query.q, requestLocale(request)) }));

  app.get('/v2/measures/census/translations', {
    schema: { tags, summary: 'Names of the census measures of a country, in the request language', querystring: countryQuery },
  }, async (request) => ({ translations: measureTranslations(request.query.country, requestLocale(request)) }));
};

const areaLabel = (area: AreaRecord) => area.label || area.uuid;

const divisionsFileName = (areas: AreaRecord[], locale: Locale) =>
  `${areas.length === 1 ? areaLabel(areas[0]!) : translate(locale, 'maps.defaultTitle')} - divisions.xlsx`;

/** `?async=1`: the export is ordered as a download job rather than answered at once. */
const asyncExportQuery = z.object({ async: z.enum(['0', '1']).optional().transform((value) => value === '1') });

/** The divisions export as a download job (the file in My downloads). */
export const DIVISIONS_DOWNLOAD_KIND = 'xlsx-divisions';

type DivisionsExportBody = z.output<typeof divisionsExportBody>;

interface DivisionsDownloadParams extends DivisionsExportBody { mapId: string; locale: Locale }
