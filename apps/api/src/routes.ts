/**
 * The API's domain modules beyond auth and clients. Each one registers its routes under /api (or,
 * like the CRM lists' scheduler, periodic work of the job queue); a new domain (searches,
 * datasets, metrics, …) adds one line here.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import { basemapRoutes } from './basemap/basemap.routes.js';
import { billingRoutes } from './billing/billing.routes.js';
import { geocodeRoutes } from './geocode/geocode.routes.js';
import { mapsRoutes } from './maps/maps.routes.js';
import { isochronesRoutes } from './isochrones/isochrones.routes.js';
import { territoriesRoutes } from './territories/territories.routes.js';
import { organizationRoutes } from './organization/organization.routes.js';
import { poiRoutes } from './poi/poi.routes.js';
import { appKeysRoutes } from './appkeys/app-keys.routes.js';
import { extractorRoutes } from './extractor/extractor.routes.js';
import { datasetsRoutes } from './datasets/datasets.routes.js';
import { crmRoutes } from './crm/crm.routes.js';
import { crmSyncScheduleModule } from './crm/sync/crm-sync-schedule.js';
import { downloadsRoutes } from './downloads/downloads.routes.js';
import { reportsRoutes } from './reports/reports.routes.js';
import { assetsRoutes } from './assets/assets.routes.js';
import { reachabilityRoutes } from './heatmaps/reachability/reachability.routes.js';
import { metricsRoutes } from './metrics/metrics.routes.js';
import { heatmapsRoutes } from './heatmaps/heatmaps.routes.js';
import { npsRoutes } from './nps/nps.routes.js';
import { generationRoutes } from './generation/generation.routes.js';

export type RouteModule = (api: FastifyInstance, ctx: AppContext) => Promise<void>;

export const apiRouteModules: RouteModule[] = [basemapRoutes, billingRoutes, geocodeRoutes, mapsRoutes, isochronesRoutes, territoriesRoutes, organizationRoutes, poiRoutes, appKeysRoutes, extractorRoutes, datasetsRoutes, crmRoutes, crmSyncScheduleModule, downloadsRoutes, assetsRoutes, reportsRoutes, heatmapsRoutes, reachabilityRoutes, metricsRoutes, npsRoutes, generationRoutes];
