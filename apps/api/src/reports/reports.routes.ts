/**
 * Market-study reports (SPEC §2 tab 4, §7): `POST /v2/maps/{id}/report` orders one for areas of the
 * map, with the customisation panel's choices, as a download job (202 `{ jobId }`, the PDF in My
 * downloads). The job gathers the document (`report-document.ts`) and prints it (`report-renderer.ts`).
 * `GET /v2/maps/{id}/screenshot` is the same renderer's picture of a whole map (the layers panel's
 * Export → Picture). The app-key calls order or print reports and take pictures for a partner.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appKeyParam, appKeyReportBody, appKeyReportParams, appKeyScreenshotBody, DEFAULT_AREA_COLOR, mapIdParam, mapPictureQuery, reportOrderBody, translate, type DownloadStarted, type Locale, type ReportOrderBody } from '@catchment/domain';
import { appKeyRouteConfig, authenticateByAppKey, requireAppKey } from '../appkeys/app-key-auth.js';
import type { AppKeysService } from '../appkeys/app-keys.service.js';
import { assetsOf } from '../assets/assets.service.js';
import type { AppContext } from '../context.js';
import { requireClientId } from '../auth/session.plugin.js';
import { downloadsOf } from '../downloads/downloads.module.js';
import type { Downloads } from '../downloads/downloads.service.js';
import { attachment, fileNameFrom } from '../http/attachment.js';
import { clientGone } from '../http/client-gone.js';
import { requestLocale } from '../http/errors.js';
import { readableMap } from '../maps/map-access.js';
import { parseMapRef } from '../maps/map-ref.js';
import { MapStore } from '../maps/map-store.js';
import { mapDatasetsServiceOf } from '../datasets/maps/map-datasets.routes.js';
import { metricsServiceOf } from '../metrics/metrics.routes.js';
import { organizationServiceOf } from '../organization/organization.routes.js';
import { searchesServiceOf } from '../poi/poi.routes.js';
import type { RouteModule } from '../routes.js';
import { findChromium } from './headless-chromium.js';
import { ReportDocuments } from './report-document.js';
import { ReportRenderer } from './report-renderer.js';

export const REPORT_DOWNLOAD_KIND = 'report';
const PDF_TYPE = 'application/pdf';

interface ReportDownloadParams extends ReportOrderBody { mapId: string; locale: Locale }

/** The report's file name: its title, or the map's name. */
const reportFileName = (title: string, locale: Locale) => fileNameFrom(translate(locale, 'reports.fileName', { title }), 'pdf', 'report');

interface ReportsOptions { documents: ReportDocuments; downloads: Downloads; renderer: ReportRenderer; store: MapStore; mapStyleUrl: string | undefined }

/** Pictures of maps a user may take in a minute: each holds a browser page for seconds. */
const MAP_PICTURES_PER_MINUTE = 10;

const reportsPlugin: FastifyPluginAsyncZod<ReportsOptions> = async (app, { documents, downloads, renderer, store, mapStyleUrl }) => {
  app.post('/v2/maps/:id/report', {
    schema: {
      tags: ['reports'], params: mapIdParam, body: reportOrderBody,
      summary: 'Orders the market-study report of areas of the map (PRO; fr, us, gb, be, ca): 202 { jobId }, the PDF in My downloads once its job completes',
    },
  }, async (request, reply) => {
    const clientId = requireClientId(request);
    const locale = requestLocale(request);
    // Checked now for a 4xx at once; the job checks again when it runs.
    const { areas } = await documents.orderableAreas(clientId, request.params.id, request.body);
    const title = request.body.title || areas.map((area) => area.label).join(', ').slice(0, 120);
    const params: ReportDownloadParams = { ...request.body, mapId: request.params.id, locale };
    const jobId = await downloads.start(clientId, REPORT_DOWNLOAD_KIND, params, { title: reportFileName(title, locale) });
    return reply.code(202).send({ jobId } satisfies DownloadStarted);
  });

  app.get('/v2/maps/:id/screenshot', {
    schema: {
      tags: ['reports'], params: mapIdParam, querystring: mapPictureQuery,
      summary: "A PNG picture of the map's visible areas on the basemap, framed together (drawn by the reports' renderer)",
    },
    config: { rateLimit: { max: MAP_PICTURES_PER_MINUTE, timeWindow: '1 minute', keyGenerator: (request) => `map-picture:${request.session?.clientId ?? request.ip}` } },
  }, async (request, reply) => {
    const clientId = requireClientId(request);
    const locale = requestLocale(request);
    const { map } = await readableMap(store, parseMapRef(request.params.id), clientId);
    const areas = (await store.areas.listByMap(map.id)).filter((area) => !area.hide);
    const picture = await renderer.picture({
      locale, width: request.query.width, height: request.query.height, mapStyleUrl: mapStyleUrl ?? null,
      areas: areas.map((area) => ({ id: area.uuid, color: area.color, geometry: area.geometry })),
    });
    return reply.type('image/png').header('content-disposition', attachment(fileNameFrom(map.title, 'png', 'map'))).send(picture);
  });
};

interface AppKeyReportsOptions { appKeys: AppKeysService; documents: ReportDocuments; downloads: Downloads; renderer: ReportRenderer; mapStyleUrl: string | undefined }

/** Reports printed at once by one key in a minute: each holds a browser page for seconds. */
const SYNC_REPORTS_PER_MINUTE = 5;

/**
 * The app-key calls of the reports' renderer (SPEC §7 Appkeys): a picture of a partner's polygons
 * on our basemap; the report of areas of the account's maps ordered as a download job (its PDF in
 * the account's My downloads) or printed at once (…/sync), under the plan of the key's account.
 */
const appKeyReportsPlugin: FastifyPluginAsyncZod<AppKeyReportsOptions> = async (app, { appKeys, documents, downloads, renderer, mapStyleUrl }) => {
  authenticateByAppKey(app, appKeys);
  app.post('/Appkeys/:key/screenshot', {
    schema: { tags: ['appkeys'], params: appKeyParam, body: appKeyScreenshotBody, summary: 'A PNG picture of polygons on the basemap, framed together (colours in order, else the areas’ default)' },
    config: appKeyRouteConfig,
  }, async (request, reply) => {
    requireAppKey(request);
    const { polygons, colors = [], width, height } = request.body;
    const picture = await renderer.picture({
      locale: requestLocale(request), width, height, mapStyleUrl: mapStyleUrl ?? null,
      areas: polygons.map((geometry, i) => ({ id: String(i), color: colors[i] ?? DEFAULT_AREA_COLOR, geometry })),
    });
    return reply.type('image/png').send(picture);
  });

  app.post('/Appkeys/:key/report/:kind', {
    schema: {
      tags: ['appkeys'], params: appKeyReportParams, body: appKeyReportBody,
      summary: "Orders the market-study report of areas of the account's maps ({kind}: its country; PRO): 202 { jobId }, the PDF in the account's My downloads",
    },
    config: appKeyRouteConfig,
  }, async (request, reply) => {
    const key = requireAppKey(request);
    const locale = requestLocale(request);
    const { mapId, ...order } = request.body;
    const body: ReportOrderBody = { ...order, country: request.params.kind };
    const { areas } = await documents.orderableAreas(key.clientId, mapId, body);
    const title = body.title || areas.map((area) => area.label).join(', ').slice(0, 120);
    const params: ReportDownloadParams = { ...body, mapId, locale };
    const jobId = await downloads.start(key.clientId, REPORT_DOWNLOAD_KIND, params, { title: reportFileName(title, locale) });
    return reply.code(202).send({ jobId } satisfies DownloadStarted);
  });

  app.post('/Appkeys/:key/report/:kind/sync', {
    schema: {
      tags: ['appkeys'], params: appKeyReportParams, body: appKeyReportBody,
      summary: "The market-study report of areas of the account's maps as a PDF, printed at once ({kind}: its country; PRO; 5 a minute per key)",
    },
    config: { rateLimit: { ...appKeyRouteConfig.rateLimit, max: SYNC_REPORTS_PER_MINUTE, keyGenerator: (request) => `appkey-report:${String((request.params as { key?: unknown }).key)}` } },
  }, async (request, reply) => {
    const key = requireAppKey(request);
    const locale = requestLocale(request);
    const { mapId, ...order } = request.body;
    const document = await documents.build(key.clientId, mapId, { ...order, country: request.params.kind }, locale);
    const pdf = await renderer.pdf(document, clientGone(reply));
    return reply.type(PDF_TYPE).header('content-disposition', attachment(reportFileName(document.title, locale))).send(pdf);
  });
};

/** Where Chromium reaches this process: its own listening port, on the loopback interface. */
function ownAddress(address: AddressInfo | string | null): string | null {
  if (!address || typeof address === 'string') return null;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** What gathers a report's document on a server: the services the analysis panel answers with. */
export function reportDocumentsOf(ctx: AppContext, store: MapStore, log: (message: string, error: unknown) => void): ReportDocuments {
  const assets = assetsOf(ctx);
  return new ReportDocuments({
    db: ctx.database.db,
    store,
    plans: ctx.plans,
    measures: ctx.territories.measures,
    divisions: ctx.territories.divisions,
    searches: searchesServiceOf(ctx),
    mapDatasets: mapDatasetsServiceOf(ctx),
    metrics: metricsServiceOf(ctx),
    organization: organizationServiceOf(ctx),
    image: (clientId, assetId) => assets.assetContent(clientId, assetId),
    mapStyleUrl: ctx.config.mapStyleUrl,
    log,
  });
}

export const reportsRoutes: RouteModule = async (api, ctx: AppContext) => {
  const log = (message: string, error: unknown) => api.log.error({ err: error }, message);
  const downloads = downloadsOf(ctx, log);
  const store = new MapStore(ctx.database.db);
  const documents = reportDocumentsOf(ctx, store, log);
  const timeoutMs = ctx.config.reportTimeoutSeconds * 1000;
  const renderer = new ReportRenderer({
    executablePath: () => findChromium(ctx.config.chromiumPath),
    baseUrl: () => ownAddress(api.server.address()),
    timeoutMs,
  });
  api.addHook('onClose', () => renderer.close());

  await downloads.registerKind<ReportDownloadParams>(REPORT_DOWNLOAD_KIND, async ({ mapId, locale, ...body }, work) => {
    const document = await documents.build(work.clientId, mapId, body, locale);
    await work.progress(0.25);
    const pdf = await renderer.pdf(document, work.signal);
    await work.output.save(pdf, { name: reportFileName(document.title, locale), contentType: PDF_TYPE });
  }, {
    // A browser per process prints one report at a time; the time limit leaves the print its own.
    concurrency: 1, expireInSeconds: ctx.config.reportTimeoutSeconds + 120,
  });
  await api.register(reportsPlugin, { documents, downloads, renderer, store, mapStyleUrl: ctx.config.mapStyleUrl });
  await api.register(appKeyReportsPlugin, { appKeys: ctx.appKeys, documents, downloads, renderer, mapStyleUrl: ctx.config.mapStyleUrl });
};
