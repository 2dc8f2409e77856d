import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('POI_TAB_COUNTRIES', () => {
  it("defaults to the spec's countries of the points-of-interest tab", () => {
    expect(loadConfig({}).poiTabCountries).toEqual(['us', 'fr', 'gb', 'be', 'ca']);
  });
  it('takes data countries separated by commas, in any case and spacing', () => {
    expect(loadConfig({ POI_TAB_COUNTRIES: 'FR, ww,fr' }).poiTabCountries).toEqual(['fr', 'ww']);
  });
  it('refuses a code that is not a data country of the analysis panel', () => {
    expect(() => loadConfig({ POI_TAB_COUNTRIES: 'fr,ad' })).toThrow(/POI_TAB_COUNTRIES.*"ad"/);
  });
});

describe('GEOCODER', () => {
  it('defaults to the built-in geocoder, 30 s and 4 requests at a time for a remote one', () => {
    expect(loadConfig({}).geocoder).toEqual({ provider: 'builtin', url: undefined, timeoutSeconds: 30, concurrency: 4 });
  });
  it('takes a remote service with its URL and limits', () => {
    expect(loadConfig({ GEOCODER: 'ban', GEOCODER_URL: 'https://api-adresse.data.gouv.fr', GEOCODER_TIMEOUT_SECONDS: '10', GEOCODER_CONCURRENCY: '2' }).geocoder)
      .toEqual({ provider: 'ban', url: 'https://api-adresse.data.gouv.fr', timeoutSeconds: 10, concurrency: 2 });
  });
  it('refuses an unknown provider, a remote one without its URL, and a URL that is not http(s)', () => {
    expect(() => loadConfig({ GEOCODER: 'google' })).toThrow(/GEOCODER must be one of builtin, nominatim, photon, ban/);
    expect(() => loadConfig({ GEOCODER: 'nominatim' })).toThrow(/GEOCODER=nominatim needs GEOCODER_URL/);
    expect(() => loadConfig({ GEOCODER: 'photon', GEOCODER_URL: 'localhost:2322' })).toThrow(/GEOCODER_URL must be an http\(s\) URL/);
  });

  it('stops a compute task after 30 s unless told otherwise, and refuses a limit that is not a positive number of milliseconds', () => {
    expect(loadConfig({}).computeTimeoutMs).toBe(30_000);
    expect(loadConfig({ COMPUTE_TIMEOUT_MS: '120000' }).computeTimeoutMs).toBe(120_000);
    expect(() => loadConfig({ COMPUTE_TIMEOUT_MS: '0' })).toThrow(/COMPUTE_TIMEOUT_MS must be at least 1/);
    expect(() => loadConfig({ COMPUTE_TIMEOUT_MS: '2m' })).toThrow(/COMPUTE_TIMEOUT_MS must be a non-negative integer, got "2m"/);
  });

  it("has no HubSpot app without its id and secret, and HubSpot's own addresses by default", () => {
    expect(loadConfig({}).hubspot).toBeUndefined();
    expect(loadConfig({ HUBSPOT_CLIENT_ID: 'id', HUBSPOT_CLIENT_SECRET: 'secret' }).hubspot)
      .toEqual({ clientId: 'id', clientSecret: 'secret', apiUrl: 'https://api.hubapi.com', authUrl: 'https://app.hubspot.com/oauth/authorize' });
    expect(loadConfig({ HUBSPOT_CLIENT_ID: 'id', HUBSPOT_CLIENT_SECRET: 'secret', HUBSPOT_API_URL: 'http://127.0.0.1:9000/' }).hubspot?.apiUrl).toBe('http://127.0.0.1:9000');
    expect(() => loadConfig({ HUBSPOT_CLIENT_ID: 'id' })).toThrow(/HUBSPOT_CLIENT_SECRET/);
    expect(() => loadConfig({ HUBSPOT_CLIENT_ID: 'id', HUBSPOT_CLIENT_SECRET: 's', HUBSPOT_API_URL: 'api.hubapi.com' })).toThrow(/http/);
  });

  it('synchronises CRM lists again every 6 hours by default, at the interval set, or not at all (0, off)', () => {
    expect(loadConfig({}).crmSyncIntervalMinutes).toBe(360);
    expect(loadConfig({ CRM_SYNC_INTERVAL_MINUTES: '90' }).crmSyncIntervalMinutes).toBe(90);
    expect(loadConfig({ CRM_SYNC_INTERVAL_MINUTES: '0' }).crmSyncIntervalMinutes).toBeNull();
    expect(loadConfig({ CRM_SYNC_INTERVAL_MINUTES: 'Off' }).crmSyncIntervalMinutes).toBeNull();
    expect(() => loadConfig({ CRM_SYNC_INTERVAL_MINUTES: '6h' })).toThrow(/CRM_SYNC_INTERVAL_MINUTES \(or off\) must be a non-negative integer, got "6h"/);
    expect(() => loadConfig({ CRM_SYNC_INTERVAL_MINUTES: '-5' })).toThrow(/CRM_SYNC_INTERVAL_MINUTES/);
  });

  it('gives the extractor 3 hours and 300 km unless the reduced reading (2 hours, 200 km) is chosen', () => {
    expect(loadConfig({}).extractorRange).toBe('standard');
    expect(loadConfig({ EXTRACTOR_RANGE: 'reduced' }).extractorRange).toBe('reduced');
    expect(() => loadConfig({ EXTRACTOR_RANGE: '2h' })).toThrow(/EXTRACTOR_RANGE must be one of standard, reduced, got "2h"/);
  });

  it('keeps download files on disk unless a whole S3-compatible store is set, and reads the report renderer’s settings', () => {
    expect(loadConfig({}).downloadsS3).toBeUndefined();
    const keys = { DOWNLOADS_S3_ACCESS_KEY_ID: 'id', DOWNLOADS_S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig({ DOWNLOADS_S3_URL: 'http://127.0.0.1:9000/files', ...keys, DOWNLOADS_S3_PREFIX: 'catchment' }).downloadsS3)
      .toEqual({ bucketUrl: 'http://127.0.0.1:9000/files', accessKeyId: 'id', secretAccessKey: 'secret', region: 'us-east-1', prefix: 'catchment/' });
    expect(() => loadConfig({ DOWNLOADS_S3_URL: 'http://127.0.0.1:9000/files' })).toThrow(/DOWNLOADS_S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ DOWNLOADS_S3_URL: 's3://files', ...keys })).toThrow(/path style/);
    expect(loadConfig({}).reportTimeoutSeconds).toBe(180);
    expect(loadConfig({ CHROMIUM_PATH: '/opt/chrome/chrome' }).chromiumPath).toBe('/opt/chrome/chrome');
    expect(() => loadConfig({ REPORT_TIMEOUT_SECONDS: '0' })).toThrow(/REPORT_TIMEOUT_SECONDS/);
  });
});
