/** Everything a route needs, built once per process: configuration, database, repositories and loaded data. */
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { worldCountryLocator, type BasemapTiles, type CountryLocator, type DemoData, type Gazetteer } from '@catchment/geodata';
import type { IsochroneProvider } from '@catchment/routing';
import { SessionsRepository } from './auth/sessions.repository.js';
import { ClientsRepository } from './clients/clients.repository.js';
import { PlanAccess } from './plans/plan-access.js';
import { AppKeysRepository } from './appkeys/app-keys.repository.js';
import { AppKeysService } from './appkeys/app-keys.service.js';
import { AreaGeometryResolvers } from './maps/area-geometry.js';
import { ComputePool } from './compute/compute-pool.js';
import { IsochroneService } from './isochrones/isochrone.service.js';
import { DEFAULT_MODE_COUNTRIES, parseModeCountries } from './isochrones/mode-availability.js';
import { routedAreaResolver } from './isochrones/routed-area.resolver.js';
import { administrativeAreaResolver } from './territories/administrative-area.resolver.js';
import { territoryServices, type TerritoryServices } from './territories/territory-services.js';
import { CountVersionsCache } from './poi/count/count-versions-cache.js';
import type { PgChannelListener } from './db/pg-channel-listener.js';
import type { EventBus } from './events/event-bus.js';
import { InProcessEventBus } from './events/in-process-event-bus.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { Mailer } from './mail/mailer.js';
import { openMailer } from './mail/open-mailer.js';
import type { Geocoder } from './geocoding/geocoder.js';
import { openGeocoder } from './geocoding/geocoder.setup.js';

export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  clients: ClientsRepository;
  sessions: SessionsRepository;
  /** The caller's plan in force and the features it grants; the gate of every plan-limited route. */
  plans: PlanAccess;
  /**
   * How new areas get their geometry, by recipe (polygon, circle, routed, administrative). Polygons
   * and circles are built in; other modules plug theirs in with `areaResolvers.register(...)`
   * (see maps/area-geometry.ts). A recipe without a resolver answers 422.
   */
  areaResolvers: AreaGeometryResolvers;
  /** Threads for the work too slow for the event loop (geometry checks, unions); closed with the server. */
  compute: ComputePool;
  /** Isochrones and road isodistances; without a routing engine (no graph imported) it explains how to import one. */
  isochrones: IsochroneService;
  /** Our engine over the road graphs imported, or an operator's routing server; closed with the server. */
  routing?: IsochroneProvider;
  /** The offline basemap's tiles and the place search; absent when the demo data was not loaded. */
  basemap?: BasemapTiles;
  gazetteer?: Gazetteer;
  /** Which country a point is in (world-atlas shapes). */
  countries: CountryLocator;
  /** Territorial units (in the database), census figures, divisions, unions of units, unit tiles. */
  territories: TerritoryServices;
  /** Events pushed to connected clients, across API processes (real-time socket, SPEC §7). */
  events: EventBus;
  /** The durable job queue (exports, reports, imports…); started by openApp, absent in contexts built without it. */
  jobs?: JobQueue;
  /** Account e-mails: the SMTP server of SMTP_URL, else the outbox folder. */
  mailer: Mailer;
  /** App keys: an account's keys, and the check of the /Appkeys/{key}/… calls (appkeys/app-key-auth.ts). */
  appKeys: AppKeysService;
  /** Addresses to positions, in batches: the built-in geocoder or an operator's service (GEOCODER). */
  geocoder: Geocoder;
  /** The data versions business counts are for, kept while no change is announced (poi/count/count-versions-cache.ts). */
  countVersions: CountVersionsCache;
  /** On PostgreSQL, the connection that hears the data versions change; closed with the server. */
  dataVersionsListener?: PgChannelListener;
}

export interface LoadedData extends Partial<DemoData> {
  routing?: IsochroneProvider;
  /** Without one, events stay within this process (enough for one process, and for tests). */
  events?: EventBus;
  jobs?: JobQueue;
  /** Without one, the one the config names, whose outbox writes nothing to the console. */
  mailer?: Mailer;
  /** Without one, the data versions are read at every business count. */
  dataVersionsListener?: PgChannelListener;
}

export function createContext(config: Config, database: DatabaseHandle, data: LoadedData = {}): AppContext {
  const countries = worldCountryLocator();
  const isochrones = new IsochroneService(
    data.routing,
    countries,
    parseModeCountries(config.routingModeCountries ?? DEFAULT_MODE_COUNTRIES),
  );
  const compute = new ComputePool({ threads: config.computeWorkers, timeoutMs: config.computeTimeoutMs, database: database.connection });
  const areaResolvers = new AreaGeometryResolvers();
  areaResolvers.register('routed', routedAreaResolver(isochrones));
  const territories = territoryServices(database.db, compute, countries);
  areaResolvers.register('administrative', administrativeAreaResolver(territories.unions));
  const clients = new ClientsRepository(database.db, { defaultPlan: config.defaultPlan });
  return {
    config,
    database,
    clients,
    plans: new PlanAccess(clients),
    appKeys: new AppKeysService(new AppKeysRepository(database.db), clients),
    sessions: new SessionsRepository(database.db, { idleSeconds: config.sessionIdleDays * 86_400 }),
    mailer: data.mailer ?? openMailer(config),
    areaResolvers,
    compute,
    isochrones,
    countries,
    territories,
    events: data.events ?? new InProcessEventBus(),
    geocoder: openGeocoder(config, database.db, data.gazetteer),
    countVersions: new CountVersionsCache(database.db, data.dataVersionsListener),
    ...data,
  };
}
