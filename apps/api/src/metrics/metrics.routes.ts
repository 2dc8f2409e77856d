/** HTTP routes of a map's indicators (SPEC §7 metrics), under /v2/maps/{id}/metrics and /widgets/metrics. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  computeMetricsBody, createMetricBody, translate, mapIdParam, metricIdParam, metricWidgetsQuery, orderMetricBody, updateMetricBody, type ComputeMetricsResponse,
} from '@catchment/domain';
import { requireClientId } from '../auth/session.plugin.js';
import type { AppContext } from '../context.js';
import { mapDatasetsServiceOf } from '../datasets/maps/map-datasets.routes.js';
import { requestLocale } from '../http/errors.js';
import { attachment, fileNameFrom, XLSX_TYPE } from '../http/attachment.js';
import type { ComputePool } from '../compute/compute-pool.js';
import type { AreaRecord } from '../maps/areas.repository.js';
import { parseMapRef } from '../maps/map-ref.js';
import { anonymousWriteGuardOver, type WriteGuard } from '../maps/map-requests.js';
import { searchesServiceOf } from '../poi/poi.routes.js';
import type { RouteModule } from '../routes.js';
import { MetricValues } from './metric-values.js';
import { MetricsService } from './metrics.service.js';

const tags = ['metrics'];

const areaLabel = (area: AreaRecord) => area.label || area.uuid;

/** `onRequest` answers an anonymous write before its body is validated (maps/map-requests.ts). */
export const metricsPlugin: FastifyPluginAsyncZod<{ metrics: MetricsService; compute: ComputePool; onRequest: WriteGuard }> = async (app, { metrics, compute, onRequest }) => {
  const clientOf = (request: { session?: { clientId: number } | null }) => request.session?.clientId;
  const write = (request: Parameters<typeof requireClientId>[0], id: string) => ({ ref: parseMapRef(id), clientId: requireClientId(request) });

  app.get('/v2/maps/:id/metrics', {
    schema: { tags, summary: "The map's indicators in list order, with the version of the list", params: mapIdParam },
  }, async (request) => metrics.list(parseMapRef(request.params.id), clientOf(request)));

  app.post('/v2/maps/:id/metrics', {
    schema: {
      tags, params: mapIdParam, body: createMetricBody,
      summary: 'Creates an indicator at the end of the list (PRO; a formula of several measures or reading indicators: ADVANCED); its symbol 📊 without one',
    }, onRequest,
  }, async (request, reply) => reply.code(201).send(await metrics.create(write(request, request.params.id), request.body)));

  app.get('/v2/maps/:id/metrics/:metricId', {
    schema: { tags, summary: 'One indicator of the map', params: metricIdParam },
  }, async (request) => metrics.get(parseMapRef(request.params.id), clientOf(request), request.params.metricId));

  app.patch('/v2/maps/:id/metrics/:metricId', {
    schema: { tags, summary: "Changes an indicator's name, symbol or formula (the same rules as creating it; no cycle through other indicators)", params: metricIdParam, body: updateMetricBody }, onRequest,
  }, async (request) => metrics.update(write(request, request.params.id), request.params.metricId, request.body));

  app.delete('/v2/maps/:id/metrics/:metricId', {
    schema: { tags, summary: 'Deletes an indicator (409 METRIC_IN_USE while other indicators read it)', params: metricIdParam }, onRequest,
  }, async (request, reply) => {
    await metrics.delete(write(request, request.params.id), request.params.metricId);
    return reply.code(204).send();
  });

  app.put('/v2/maps/:id/metrics/:metricId/order', {
    schema: { tags, summary: 'Moves an indicator just before or after another; the list after the move', params: metricIdParam, body: orderMetricBody }, onRequest,
  }, async (request) => metrics.move(write(request, request.params.id), request.params.metricId, request.body));

  app.post('/v2/maps/:id/metrics/compute', {
    schema: {
      tags, params: mapIdParam, body: computeMetricsBody,
      summary: "Values of the map's indicators (or of metricIds) in areas of the map (PRO): null where a measure has no value or for a division by zero, with the error where an area cannot be analysed",
    },
  }, async (request): Promise<ComputeMetricsResponse> => {
    const onFailure = (error: unknown) => request.log.error({ err: error }, 'indicator measure failed');
    return { areas: await metrics.compute(parseMapRef(request.params.id), clientOf(request), request.body, requestLocale(request), onFailure) };
  });

  app.post('/v2/maps/:id/xlsxreport/indicators', {
    schema: {
      tags, params: mapIdParam, body: computeMetricsBody,
      summary: "XLSX workbook of the map's indicators in areas (a row per indicator with its formula, a column per area), the values of metrics/compute (PRO)",
    },
  }, async (request, reply) => {
    const locale = requestLocale(request);
    const onFailure = (error: unknown) => request.log.error({ err: error }, 'indicator measure failed');
    const printed = await metrics.exportOf(parseMapRef(request.params.id), clientOf(request), request.body, locale, onFailure);
    const chosen = request.body.metricIds ? printed.metrics.filter((metric) => request.body.metricIds!.includes(metric.id)) : printed.metrics;
    const workbook = await compute.indicatorsWorkbook({
      areas: printed.records.map((area, i) => ({ label: areaLabel(area), note: printed.areas[i]!.metrics.find((value) => value.error)?.error?.message ?? null })),
      indicators: chosen.map((metric) => ({
        symbol: metric.symbol, name: metric.name, formula: metric.formula,
        values: printed.areas.map((area) => area.metrics.find((value) => value.metricId === metric.id)?.value ?? null),
      })),
    }, locale);
    const name = `${printed.records.length === 1 ? areaLabel(printed.records[0]!) : translate(locale, 'maps.defaultTitle')} - ${translate(locale, 'metrics.exportName')}`;
    return reply.type(XLSX_TYPE).header('content-disposition', attachment(fileNameFrom(name, 'xlsx', 'indicators'))).send(workbook);
  });

  app.get('/v2/maps/:id/widgets/metrics', {
    schema: {
      tags, params: mapIdParam, querystring: metricWidgetsQuery,
      summary: "The measures a formula may read, by source (census of the country, the map's searches, datasets and other indicators), named in the request language; without metricId's indicator and those reading it",
    },
  }, async (request) => metrics.widgets(parseMapRef(request.params.id), clientOf(request), request.query.country, requestLocale(request), request.query.metricId));
};

/** The indicators service of a server: these routes, and the report and exports that print indicators' values (valuesOf). */
export function metricsServiceOf(ctx: AppContext): MetricsService {
  const values = new MetricValues({ measures: ctx.territories.measures, searches: searchesServiceOf(ctx), mapDatasets: mapDatasetsServiceOf(ctx) });
  return new MetricsService(ctx.database.db, ctx.plans, values, ctx.events);
}

export const metricsRoutes: RouteModule = async (api, ctx) => {
  await api.register(metricsPlugin, { metrics: metricsServiceOf(ctx), compute: ctx.compute, onRequest: anonymousWriteGuardOver(ctx.database.db) });
};
