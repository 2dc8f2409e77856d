/**
 * The only place that reads process.env. Every variable is documented in .env.example.
 */
import path from 'node:path';
import { COUNTRIES, DEFAULT_POI_TAB_COUNTRIES, EXTRACTION_RANGES, isPlan, PLANS, type Country, type ExtractionRangeName, type Plan } from '@catchment/domain';
import { DEFAULT_SESSION_IDLE_DAYS } from '@catchment/domain';
import { parseTrustProxy, type TrustProxy } from './auth/trust-proxy.js';
import { parseFrameAncestors } from './http/framing.js';
import type { S3StorageSettings } from './downloads/download-storage.js';

export interface Config {
  port: number;
  host: string;
  /** Embedded database, demo data, graphs, uploads, outbox. */
  dataDir: string;
  /** PostgreSQL + PostGIS connection string; unset means the embedded PGlite in dataDir/db. */
  databaseUrl: string | undefined;
  /** A hosted MapLibre style; unset means our own offline basemap. */
  mapStyleUrl: string | undefined;
  /**
   * An operator's Protomaps basemap archive (a .pmtiles file path or an http(s) URL), served as the
   * street-level tiles of our basemap; unset: only the regions imported with `import osm` have them.
   */
  basemapPmtiles: string | undefined;
  /** Street-level basemaps of the imported extracts (`npm run data -- import osm` writes `<region>.pmtiles` here). */
  basemapDir: string;
  /** Public address of the app, used in links; defaults to http://localhost:{port}. */
  publicUrl: string;
  /** Built web app served under /app; absent in API-only runs. */
  webDistDir: string;
  /**
   * The Chromium that prints market-study reports and map pictures (CHROMIUM_PATH); unset: the
   * first of the usual install places that exists (reports/chromium-path.ts).
   */
  chromiumPath: string | undefined;
  /** Longest a report may take to lay out and print; past it the report is 'Too many data to export'. */
  reportTimeoutSeconds: number;
  /** Longest a heatmap's legend or tile may take to build; past it the call ends with HEATMAP_TIMEOUT (SPEC §8). */
  heatmapTimeoutSeconds: number;
  logLevel: string;
  /** Secure cookies need HTTPS; on by default when PUBLIC_URL is https. */
  secureCookies: boolean;
  /** Imported road graphs (`npm run data -- import osm` writes them here); every one is loaded at start. */
  routingGraphDir: string;
  /** Imported transit timetables (`npm run data -- import gtfs` writes them here); every one is loaded at start. */
  transitTimetableDir: string;
  /**
   * The sample OpenStreetMap extracts the demo imports as road networks on first start (the
   * repository's test-data/osm); an installed copy without them simply has no demo road networks.
   */
  demoExtractDir: string;
  /** Worker threads computing isochrones; 0 means one per core, at most 4. */
  routingWorkers: number;
  /** Where each transport mode is offered (see isochrones/mode-availability.ts); unset: the spec's rules. */
  routingModeCountries: string | undefined;
  /** Who computes isochrones: our engine ('builtin') or an operator's valhalla, openrouteservice or graphhopper server. */
  routingProvider: string;
  routingProviderUrl: string | undefined;
  routingProviderKey: string | undefined;
  /** Threads checking large geometries and computing unions off the event loop; 0 means one per core, at most 4. */
  computeWorkers: number;
  /** A compute task still running after this is stopped and answers 503 (SERVER_BUSY). */
  computeTimeoutMs: number;
  /** Imported territorial datasets (`npm run data -- import fr-communes …` writes them here); loaded at start and when they change. */
  territoryDir: string;
  /** Reverse proxies whose X-Forwarded-For gives the client's address (rate limits key on it); off by default. */
  trustProxy: TrustProxy;
  /**
   * The sites that may show the embeddable map view (/app/iframe/{accessId}) in a frame, as CSP
   * frame-ancestors sources (FRAME_ANCESTORS); default ['*'], any site. Other pages are never framed.
   */
  frameAncestors: readonly string[];
  /**
   * An IP-location service (https, answering JSON with latitude and longitude) the web app asks for
   * the approximate place of a new session; unset: no call, the language's default place (Paris or
   * Washington).
   */
  ipLocationUrl: string | undefined;
  /**
   * The data countries of the analysis panel whose points-of-interest tab the web app offers
   * (SPEC §2: us, fr, gb, be, ca); the API itself serves every imported catalogue.
   */
  poiTabCountries: readonly Country[];
  /** The SMTP server account e-mails go through (nodemailer connection URL); unset: they go to outboxDir. */
  smtpUrl: string | undefined;
  /** The From of account e-mails. */
  mailFrom: string;
  /** Where account e-mails are written as .eml files when no SMTP server is set (DATA_DIR/outbox). */
  outboxDir: string;
  /** A session unused for this many days is over (its absolute expiry stays 30 days). */
  sessionIdleDays: number;
  /**
   * The plan every new account starts on, without an end date: the free plan ('default') unless
   * an operator who self-hosts for a team sets what the team paid for.
   */
  defaultPlan: Plan;
  /**
   * Who takes the payments of subscriptions (billing/providers/index.ts): 'local', the built-in test
   * mode where no money moves (the default), or a payment provider.
   */
  billingProvider: string;
  /** Stripe's keys when BILLING_PROVIDER=stripe (docs/billing.md), both required then; undefined otherwise. */
  stripe: StripeSettings | undefined;
  /** Who places the addresses of imported customer files (geocoding/geocoder.setup.ts). */
  geocoder: GeocoderSettings;
  /** The HubSpot app users connect their CRM through (crm/); undefined without HUBSPOT_CLIENT_ID and HUBSPOT_CLIENT_SECRET. */
  hubspot: HubSpotAppSettings | undefined;
  /** The S3-compatible object store download files go to (several machines); undefined: DATA_DIR/downloads. */
  downloadsS3: S3StorageSettings | undefined;
  /**
   * How long after its last synchronisation ended a CRM list is synchronised again on its own
   * (crm/sync/crm-sync-schedule.ts), in minutes; null: only when asked (CRM_SYNC_INTERVAL_MINUTES=0 or off).
   */
  crmSyncIntervalMinutes: number | null;
  /**
   * The city/postcode extractor's range (SPEC §9 gives two readings): 'standard', 3 hours and
   * 300 km (the default), or 'reduced', 2 hours and 200 km.
   */
  extractorRange: ExtractionRangeName;
}

/** CRM lists stay in sync: each one synchronised again 6 hours after its last synchronisation. */
export const DEFAULT_CRM_SYNC_INTERVAL_MINUTES = 360;

export interface HubSpotAppSettings {
  /** The app's OAuth client id and secret (HubSpot developer account, app's Auth tab). */
  clientId: string;
  clientSecret: string;
  /** HubSpot's API (https://api.hubapi.com). */
  apiUrl: string;
  /** HubSpot's authorize page (https://app.hubspot.com/oauth/authorize). */
  authUrl: string;
}

export const GEOCODER_PROVIDERS = ['builtin', 'nominatim', 'photon', 'ban'] as const;

export interface GeocoderSettings {
  /**
   * 'builtin' (the default): the OpenStreetMap addresses imported with `npm run data -- import
   * osm-addresses` and the gazetteer, nothing sent anywhere; or an operator's Nominatim, Photon or
   * French address API (BAN) at `url`.
   */
  provider: (typeof GEOCODER_PROVIDERS)[number];
  /** The remote service's base URL; required by the remote providers. */
  url: string | undefined;
  /** How long a request to the remote service may take. */
  timeoutSeconds: number;
  /** Requests at a time to services answering one address per request (Nominatim, Photon, the BAN's single search). */
  concurrency: number;
}

export interface StripeSettings {
  /** The secret (sk_…) or restricted (rk_…) API key. */
  secretKey: string;
  /** The signing secret of the webhook endpoint (whsec_…). */
  webhookSecret: string;
}

/** Stripe's keys, required when Stripe takes the payments: the server does not start without them. */
function stripeSettings(env: NodeJS.ProcessEnv): StripeSettings | undefined {
  if (env.BILLING_PROVIDER !== 'stripe') return undefined;
  const secretKey = env.STRIPE_SECRET_KEY?.trim() ?? '';
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() ?? '';
  const missing = [secretKey ? null : 'STRIPE_SECRET_KEY', webhookSecret ? null : 'STRIPE_WEBHOOK_SECRET'].filter(Boolean);
  if (missing.length) throw new Error(`BILLING_PROVIDER=stripe needs ${missing.join(' and ')} (see docs/billing.md)`);
  if (!/^(sk|rk)_(test|live)_/.test(secretKey)) {
    throw new Error('STRIPE_SECRET_KEY must be a Stripe secret or restricted API key (sk_live_…, sk_test_…, rk_live_…, rk_test_…)');
  }
  if (!webhookSecret.startsWith('whsec_')) throw new Error('STRIPE_WEBHOOK_SECRET must be the signing secret of the webhook endpoint (whsec_…)');
  return { secretKey, webhookSecret };
}

/** GEOCODER and its service: a remote provider needs an http(s) GEOCODER_URL, or the server does not start. */
function geocoderSettings(env: NodeJS.ProcessEnv): GeocoderSettings {
  const provider = env.GEOCODER?.trim() || 'builtin';
  if (!(GEOCODER_PROVIDERS as readonly string[]).includes(provider)) {
    throw new Error(`GEOCODER must be one of ${GEOCODER_PROVIDERS.join(', ')}, got "${provider}"`);
  }
  const url = env.GEOCODER_URL?.trim() || undefined;
  if (provider !== 'builtin' && !url) throw new Error(`GEOCODER=${provider} needs GEOCODER_URL, the address of the service`);
  if (url && !/^https?:\/\//i.test(url)) throw new Error(`GEOCODER_URL must be an http(s) URL, got "${url}"`);
  return {
    provider: provider as GeocoderSettings['provider'],
    url,
    timeoutSeconds: positiveInteger(env.GEOCODER_TIMEOUT_SECONDS, 30, 'GEOCODER_TIMEOUT_SECONDS'),
    concurrency: positiveInteger(env.GEOCODER_CONCURRENCY, 4, 'GEOCODER_CONCURRENCY'),
  };
}

/** The HubSpot app: both its id and secret, or neither (CRM connections then answer that they cannot connect). */
function hubspotSettings(env: NodeJS.ProcessEnv): HubSpotAppSettings | undefined {
  const clientId = env.HUBSPOT_CLIENT_ID?.trim() ?? '';
  const clientSecret = env.HUBSPOT_CLIENT_SECRET?.trim() ?? '';
  if (!clientId && !clientSecret) return undefined;
  if (!clientId || !clientSecret) throw new Error('HUBSPOT_CLIENT_ID and HUBSPOT_CLIENT_SECRET go together: set both, or neither');
  const apiUrl = (env.HUBSPOT_API_URL?.trim() || 'https://api.hubapi.com').replace(/\/$/, '');
  const authUrl = env.HUBSPOT_AUTH_URL?.trim() || 'https://app.hubspot.com/oauth/authorize';
  for (const [name, url] of [['HUBSPOT_API_URL', apiUrl], ['HUBSPOT_AUTH_URL', authUrl]] as const) {
    if (!/^https?:\/\//i.test(url)) throw new Error(`${name} must be an http(s) URL, got "${url}"`);
  }
  return { clientId, clientSecret, apiUrl, authUrl };
}

function downloadsS3Settings(env: NodeJS.ProcessEnv): S3StorageSettings | undefined {
  const bucketUrl = env.DOWNLOADS_S3_URL?.trim() ?? '';
  if (!bucketUrl) return undefined;
  if (!/^https?:\/\/[^/]+\/[^/]+/i.test(bucketUrl)) throw new Error(`DOWNLOADS_S3_URL must be the bucket's http(s) URL, path style (https://host/bucket), got "${bucketUrl}"`);
  const accessKeyId = env.DOWNLOADS_S3_ACCESS_KEY_ID?.trim() ?? '';
  const secretAccessKey = env.DOWNLOADS_S3_SECRET_ACCESS_KEY?.trim() ?? '';
  if (!accessKeyId || !secretAccessKey) throw new Error('DOWNLOADS_S3_URL needs DOWNLOADS_S3_ACCESS_KEY_ID and DOWNLOADS_S3_SECRET_ACCESS_KEY');
  const prefix = env.DOWNLOADS_S3_PREFIX?.trim() ?? 'downloads/';
  return { bucketUrl, accessKeyId, secretAccessKey, region: env.DOWNLOADS_S3_REGION?.trim() || 'us-east-1', prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix };
}

/** Minutes, or null for '0' and 'off' (scheduled synchronisations switched off). */
function crmSyncInterval(value: string | undefined): number | null {
  if (value?.trim().toLowerCase() === 'off') return null;
  const minutes = integer(value?.trim(), DEFAULT_CRM_SYNC_INTERVAL_MINUTES, 'CRM_SYNC_INTERVAL_MINUTES (or off)');
  return minutes === 0 ? null : minutes;
}

function extractorRangeSetting(value: string | undefined): ExtractionRangeName {
  const name = value?.trim() || 'standard';
  if (!Object.hasOwn(EXTRACTION_RANGES, name)) throw new Error(`EXTRACTOR_RANGE must be one of ${Object.keys(EXTRACTION_RANGES).join(', ')}, got "${value}"`);
  return name as ExtractionRangeName;
}

function planSetting(value: string | undefined): Plan {
  if (value === undefined || value === '') return 'default';
  if (!isPlan(value)) throw new Error(`DEFAULT_PLAN must be one of ${PLANS.join(', ')}, got "${value}"`);
  return value;
}

function countryList(value: string | undefined, fallback: readonly Country[], name: string): readonly Country[] {
  if (value === undefined || value.trim() === '') return fallback;
  const codes = value.split(',').map((code) => code.trim().toLowerCase()).filter(Boolean);
  const unknown = codes.filter((code) => !(COUNTRIES as readonly string[]).includes(code));
  if (unknown.length > 0) throw new Error(`${name} takes countries among ${COUNTRIES.join(', ')}, got "${unknown.join(', ')}"`);
  return [...new Set(codes)] as Country[];
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function positiveInteger(value: string | undefined, fallback: number, name: string): number {
  const n = integer(value, fallback, name);
  if (n === 0) throw new Error(`${name} must be at least 1, got "${value}"`);
  return n;
}

/** A URL as it is, a file path made absolute. */
function basemapArchiveLocation(value: string | undefined, cwd: string): string | undefined {
  if (!value) return undefined;
  return /^https?:\/\//i.test(value) ? value : path.resolve(cwd, value);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const port = integer(env.PORT, 3000, 'PORT');
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, '');
  const dataDir = path.resolve(cwd, env.DATA_DIR || 'var');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    mapStyleUrl: env.MAP_STYLE_URL || undefined,
    basemapPmtiles: basemapArchiveLocation(env.BASEMAP_PMTILES, cwd),
    basemapDir: path.join(dataDir, 'basemap'),
    publicUrl,
    webDistDir: path.resolve(cwd, env.WEB_DIST_DIR || 'apps/web/dist'),
    chromiumPath: env.CHROMIUM_PATH || undefined,
    reportTimeoutSeconds: positiveInteger(env.REPORT_TIMEOUT_SECONDS, 180, 'REPORT_TIMEOUT_SECONDS'),
    heatmapTimeoutSeconds: positiveInteger(env.HEATMAP_TIMEOUT_SECONDS, 20, 'HEATMAP_TIMEOUT_SECONDS'),
    logLevel: env.LOG_LEVEL || 'info',
    secureCookies: publicUrl.startsWith('https://'),
    routingGraphDir: path.resolve(cwd, env.ROUTING_GRAPH_DIR || path.join(dataDir, 'graphs')),
    transitTimetableDir: path.resolve(cwd, env.TRANSIT_TIMETABLE_DIR || path.join(dataDir, 'transit')),
    demoExtractDir: path.resolve(cwd, 'test-data/osm'),
    routingWorkers: integer(env.ROUTING_WORKERS, 0, 'ROUTING_WORKERS'),
    routingModeCountries: env.ROUTING_MODE_COUNTRIES || undefined,
    routingProvider: env.ROUTING_PROVIDER || 'builtin',
    routingProviderUrl: env.ROUTING_PROVIDER_URL || undefined,
    routingProviderKey: env.ROUTING_PROVIDER_KEY || undefined,
    computeWorkers: integer(env.COMPUTE_WORKERS, 0, 'COMPUTE_WORKERS'),
    computeTimeoutMs: positiveInteger(env.COMPUTE_TIMEOUT_MS, 30_000, 'COMPUTE_TIMEOUT_MS'),
    territoryDir: path.resolve(cwd, env.TERRITORY_DIR || path.join(dataDir, 'territories')),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    frameAncestors: parseFrameAncestors(env.FRAME_ANCESTORS),
    ipLocationUrl: env.IP_LOCATION_URL || undefined,
    poiTabCountries: countryList(env.POI_TAB_COUNTRIES, DEFAULT_POI_TAB_COUNTRIES, 'POI_TAB_COUNTRIES'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Catchment <no-reply@localhost>',
    outboxDir: path.join(dataDir, 'outbox'),
    sessionIdleDays: positiveInteger(env.SESSION_IDLE_DAYS, DEFAULT_SESSION_IDLE_DAYS, 'SESSION_IDLE_DAYS'),
    defaultPlan: planSetting(env.DEFAULT_PLAN),
    billingProvider: env.BILLING_PROVIDER || 'local',
    stripe: stripeSettings(env),
    geocoder: geocoderSettings(env),
    hubspot: hubspotSettings(env),
    downloadsS3: downloadsS3Settings(env),
    crmSyncIntervalMinutes: crmSyncInterval(env.CRM_SYNC_INTERVAL_MINUTES),
    extractorRange: extractorRangeSetting(env.EXTRACTOR_RANGE),
  };
}
