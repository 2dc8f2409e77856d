/**
 * The geocoder the configuration names (GEOCODER, GEOCODER_URL: config.ts): the built-in one over
 * the imported addresses and the gazetteer, or an adapter for an operator's service.
 */
import type { Kysely } from 'kysely';
import type { Gazetteer } from '@catchment/geodata';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import type { Geocoder } from './geocoder.js';
import { OfflineGeocoder } from './offline-geocoder.js';
import { BanGeocoder } from './remote/ban.geocoder.js';
import { NominatimGeocoder } from './remote/nominatim.geocoder.js';
import { PhotonGeocoder } from './remote/photon.geocoder.js';
import type { RemoteGeocoderOptions } from './remote/remote-request.js';

const REMOTE = { nominatim: NominatimGeocoder, photon: PhotonGeocoder, ban: BanGeocoder } as const;

export function openGeocoder(config: Config, db: Kysely<Database>, gazetteer: Gazetteer | undefined): Geocoder {
  const settings = config.geocoder;
  if (settings.provider === 'builtin') return new OfflineGeocoder(db, gazetteer);
  const options: RemoteGeocoderOptions = {
    baseUrl: settings.url!,
    timeoutMs: settings.timeoutSeconds * 1000,
    concurrency: settings.concurrency,
    userAgent: `Catchment geocoding (${config.publicUrl})`,
  };
  return new REMOTE[settings.provider](options);
}
